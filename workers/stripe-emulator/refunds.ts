/**
 * Refunds of a succeeded PaymentIntent's charge: created at once with status `succeeded` (card refunds in Stripe's
 * test mode do the same), in full or in part, never beyond what is left on the charge. Each one updates the charge
 * (`amount_refunded`, `refunded`) and records `charge.refunded` and `refund.created`, delivered like the
 * PaymentIntent's own events.
 */
import type Stripe from "stripe";
import { newId, seconds, type Account, type Call, type IntentRecord } from "./account";
import { docUrl, invalid } from "./errors";
import { expandList, mergeMetadata, text, type Params } from "./params";
import { recordEvent } from "./webhooks";

export type Refund = Stripe.Refund;

/** The PaymentIntent and charge a create call names (`payment_intent` or `charge`), or Stripe's error. */
function target(account: Account, params: Params): { record: IntentRecord; charge: Stripe.Charge } {
  const intentId = text(params, "payment_intent");
  const chargeId = text(params, "charge");
  if (!intentId && !chargeId) {
    throw invalid("One of the following params should be provided for this request: payment_intent or charge.", {
      code: "parameter_missing",
      param: "payment_intent",
    });
  }
  if (intentId) {
    const record = account.intents.get(intentId);
    if (!record) throw invalid(`No such payment_intent: '${intentId}'`, { param: "payment_intent", code: "resource_missing" }, 404);
    const charge = record.intent.status === "succeeded" && record.intent.latest_charge;
    if (!charge || typeof charge !== "string" || (chargeId && chargeId !== charge)) {
      throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { param: "payment_intent" });
    }
    return { record, charge: knownCharge(account, charge) };
  }
  const charge = account.charges.get(chargeId ?? "");
  if (!charge) throw invalid(`No such charge: '${chargeId}'`, { param: "charge", code: "resource_missing" }, 404);
  if (!charge.paid) throw invalid(`Charge ${charge.id} has not been paid, so it cannot be refunded.`, { param: "charge" });
  const record = account.intents.get(charge.payment_intent as string);
  if (!record) throw new Error(`Emulator state: charge ${charge.id} has no PaymentIntent.`);
  return { record, charge };
}

/** A charge the emulator itself made: its absence is a bug in the emulator, not a caller's error. */
function knownCharge(account: Account, id: string): Stripe.Charge {
  const charge = account.charges.get(id);
  if (!charge) throw new Error(`Emulator state: no charge ${id}.`);
  return charge;
}

/** POST /v1/refunds: refunds `amount` (default: all that is left) of the charge, or throws Stripe's error. */
export function createRefund(account: Account, call: Call): Refund {
  const { params } = call;
  const { record, charge } = target(account, params);
  const left = charge.amount_captured - charge.amount_refunded;
  if (left <= 0) {
    throw invalid(`Charge ${charge.id} has already been refunded.`, {
      code: "charge_already_refunded",
      doc_url: docUrl("charge_already_refunded"),
    });
  }
  const amount = params.amount === undefined ? left : Number(params.amount);
  if (amount > left) {
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    throw invalid(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, {
      code: "amount_too_large",
      param: "amount",
    });
  }
  const refund: Refund = {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: seconds(account),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    destination_details: { type: "card", card: { type: "refund" } },
    metadata: mergeMetadata(params.metadata, {}),
    payment_intent: record.intent.id,
    payment_method: charge.payment_method,
    reason: (text(params, "reason") as Stripe.Refund.Reason | undefined) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  account.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount_captured;
  recordEvent(account, call, record, "charge.refunded", true, charge);
  recordEvent(account, call, record, "refund.created", true, refund);
  return view(account, refund, call);
}

export function findRefund(account: Account, id: string): Refund {
  const refund = account.refunds.get(id);
  if (!refund) throw invalid(`No such refund: '${id}'`, { param: "id", code: "resource_missing" }, 404);
  return refund;
}

/** A copy for the caller, with `charge` / `payment_intent` expanded when asked (`data.` prefix in lists). */
export function view(account: Account, refund: Refund, call: Call, expandPrefix = ""): Refund {
  const copy = structuredClone(refund);
  const expand = expandList(call.params.expand);
  if (expand.includes(`${expandPrefix}charge`) && typeof copy.charge === "string")
    copy.charge = account.charges.get(copy.charge) ?? copy.charge;
  if (expand.includes(`${expandPrefix}payment_intent`) && typeof copy.payment_intent === "string") {
    copy.payment_intent = account.intents.get(copy.payment_intent)?.intent ?? copy.payment_intent;
  }
  return copy;
}

/** GET /v1/refunds: the account's refunds, filtered by `charge` and `payment_intent` (the router pages them). */
export function listRefunds(account: Account, call: Call): Refund[] {
  const charge = text(call.params, "charge");
  const intent = text(call.params, "payment_intent");
  return [...account.refunds.values()]
    .filter((refund) => (charge === undefined || refund.charge === charge) && (intent === undefined || refund.payment_intent === intent))
    .map((refund) => view(account, refund, call, "data."));
}
