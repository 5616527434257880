/**
 * Cards: Stripe's test card numbers and test PaymentMethod ids, and what charging a card does (succeeds, or
 * which decline). Pure functions, no account state.
 */

/** A card as the emulator charges it: from `payment_method_data[card]` or from a test PaymentMethod id. */
export interface CardInput {
  number: string;
  exp_month: number | null;
  exp_year: number | null;
  cvc: string | null;
  /** Stripe's own test PaymentMethods (pm_card_visa …) carry no CVC and skip the CVC check. */
  trusted: boolean;
}

export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
  /** Whether a charge was attempted (declines) or the card data was refused before that (bad number, date). */
  charged: boolean;
}

const DECLINED = "Your card was declined.";
const TEST_CARD_OUTCOMES: Record<string, Omit<Decline, "charged">> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: DECLINED },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000009987": { code: "card_declined", decline_code: "lost_card", message: DECLINED },
  "4000000000009979": { code: "card_declined", decline_code: "stolen_card", message: DECLINED },
  "4000000000000069": { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  "4000000000000127": {
    code: "incorrect_cvc",
    decline_code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
    param: "cvc",
  },
  "4000000000000119": {
    code: "processing_error",
    decline_code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

/** Stripe's test PaymentMethod ids and the card number each stands for. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_visa_debit: "4000056655665556",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedLostCard: "4000000000009987",
  pm_card_chargeDeclinedStolenCard: "4000000000009979",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_chargeDeclinedProcessingError: "4000000000000119",
};

/** The test card behind a test PaymentMethod id (null for any other id): valid for three more years, no CVC. */
export function testPaymentMethodCard(id: string, nowMs: number): CardInput | null {
  const number = TEST_PAYMENT_METHODS[id];
  if (!number) return null;
  return { number, exp_month: 12, exp_year: new Date(nowMs).getUTCFullYear() + 3, cvc: null, trusted: true };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return "amex";
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

const INCORRECT_CVC: Decline = {
  code: "incorrect_cvc",
  decline_code: "incorrect_cvc",
  message: "Your card's security code is incorrect.",
  param: "cvc",
  charged: false,
};

/** The outcome of charging a card at `nowMs`: null when it succeeds. */
export function evaluateCard(card: CardInput, nowMs: number): Decline | null {
  const digits = card.number;
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return { code: "incorrect_number", message: "Your card number is incorrect.", param: "number", charged: false };
  }
  if (card.exp_month === null || !Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    return { code: "invalid_expiry_month", message: "Your card's expiration month is invalid.", param: "exp_month", charged: false };
  }
  const today = new Date(nowMs);
  const currentYear = today.getUTCFullYear();
  if (card.exp_year === null || !Number.isInteger(card.exp_year) || card.exp_year > currentYear + 50) {
    return { code: "invalid_expiry_year", message: "Your card's expiration year is invalid.", param: "exp_year", charged: false };
  }
  if (card.exp_year < currentYear || (card.exp_year === currentYear && card.exp_month < today.getUTCMonth() + 1)) {
    return { code: "expired_card", decline_code: "expired_card", message: "Your card has expired.", param: "exp_month", charged: false };
  }
  if (!card.trusted) {
    const cvcLength = cardBrand(digits) === "amex" ? 4 : 3;
    if (card.cvc === null || !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { ...INCORRECT_CVC };
  }
  const outcome = TEST_CARD_OUTCOMES[digits];
  return outcome ? { ...outcome, charged: true } : null;
}
