// @ts-check
/**
 * Stripe.js stand-in served by the local Stripe emulator at GET /v3/stripe.js (test mode only). It installs
 * `window.Stripe` so that `loadStripe` from `@stripe/stripe-js` (which uses an existing `window.Stripe`)
 * and `@stripe/react-stripe-js` work unchanged against the emulator.
 *
 * A classic browser script, served as written (router.ts imports it as text): plain ES2019, no imports, no
 * eval, no inline event-handler attributes and no <style> elements, so it runs under a strict nonce-based CSP
 * when loaded as an external script; styles are set through the CSSOM (element.style), which CSP does not block.
 * Types are JSDoc, checked by `tsc` (tsconfig's allowJs and the `@ts-check` above).
 */
(() => {
  if (typeof window === "undefined" || typeof document === "undefined") return;
  if (window.Stripe && "__emulator" in window.Stripe && window.Stripe.__emulator) return;

  /**
   * @typedef {(payload: any) => void} StandinHandler
   * @typedef {Record<string, any>} StandinOptions options objects as Stripe.js takes them (checked at run time)
   * @typedef {[code: string, message: string]} StandinProblem a field's Stripe validation_error code and message
   * @typedef {{ key: string, wrapper: HTMLElement, input: HTMLInputElement, error: HTMLElement, touched: boolean }} StandinField
   * @typedef {Record<string, StandinField> & { number: StandinField, expiry: StandinField, cvc: StandinField }} StandinFields
   * @typedef {{ type: string, code?: string, message: string, param?: string }} StandinError
   * @typedef {{ status: number, data: any }} StandinAnswer
   */

  var SCRIPT_PATH = /\/v3\/stripe\.js(?:[?#].*)?$/;

  function findApiBase() {
    var current = /** @type {HTMLScriptElement | null} */ (document.currentScript);
    var src = current?.src ? current.src : "";
    if (!src) {
      const scripts = Array.from(document.getElementsByTagName("script")).reverse();
      src = scripts.find((script) => SCRIPT_PATH.test(script.src))?.src ?? "";
    }
    if (src && SCRIPT_PATH.test(src)) return src.replace(SCRIPT_PATH, "");
    return `${window.location.origin}/__stripe`;
  }

  var API_BASE = findApiBase();
  var elementCounter = 0;

  /** @param {string} message */
  function integrationError(message) {
    var error = new Error(message);
    error.name = "IntegrationError";
    return error;
  }

  /**
   * @param {unknown} value
   * @returns {value is StandinOptions}
   */
  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  /**
   * @param {StandinOptions} target
   * @param {...(StandinOptions | null | undefined)} sources copied onto target in order
   * @returns {StandinOptions}
   */
  function assign(target, ...sources) {
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i];
      if (!source) continue;
      for (var key in source) {
        if (Object.hasOwn(source, key)) target[key] = source[key];
      }
    }
    return target;
  }

  // ---- HTTP -------------------------------------------------------------------------------------------

  /**
   * @param {unknown} value
   * @param {string} prefix
   * @param {string[]} pairs
   * @returns {string[]}
   */
  function encodeForm(value, prefix, pairs) {
    if (value === undefined || value === null) return pairs;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) encodeForm(value[i], `${prefix}[${i}]`, pairs);
    } else if (typeof value === "object") {
      for (var key in value) {
        if (!Object.hasOwn(value, key)) continue;
        encodeForm(/** @type {StandinOptions} */ (value)[key], prefix ? `${prefix}[${key}]` : key, pairs);
      }
    } else {
      pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
    }
    return pairs;
  }

  /** Resolves { status, data } for any JSON answer; rejects on a network failure or a non-JSON answer. */
  /**
   * @param {"GET" | "POST"} method
   * @param {string} path
   * @param {StandinOptions} params
   * @returns {Promise<StandinAnswer>}
   */
  function request(method, path, params) {
    var body = encodeForm(params, "", []).join("&");
    var url = API_BASE + path;
    /** @type {RequestInit & { headers: Record<string, string> }} */
    var init = { method: method, credentials: "omit", headers: { Accept: "application/json" } };
    if (method === "GET") {
      if (body) url += `?${body}`;
    } else {
      init.headers["Content-Type"] = "application/x-www-form-urlencoded";
      init.body = body;
    }
    return window.fetch(url, init).then((response) =>
      response.text().then((text) => {
        var data;
        try {
          data = JSON.parse(text);
        } catch {
          throw new Error(`Unexpected answer from the Stripe emulator (HTTP ${response.status}).`);
        }
        return { status: response.status, data: data };
      }),
    );
  }

  /** @param {unknown} clientSecret */
  function intentIdFromSecret(clientSecret) {
    var index = String(clientSecret).indexOf("_secret_");
    return index > 0 ? String(clientSecret).slice(0, index) : null;
  }

  /** @param {string} name */
  function unsupported(name) {
    return () =>
      Promise.resolve({
        error: {
          type: "invalid_request_error",
          code: "emulator_unsupported",
          message: `stripe.${name}() is not supported by the local Stripe emulator.`,
        },
      });
  }

  // ---- Card helpers -----------------------------------------------------------------------------------

  /** @param {unknown} value */
  function digitsOf(value) {
    return String(value || "").replace(/\D/g, "");
  }

  /** @param {string} digits */
  function brandOf(digits) {
    if (/^3[47]/.test(digits)) return "amex";
    if (/^4/.test(digits)) return "visa";
    if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
    if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
    return "unknown";
  }

  /** @param {string} brand */
  function maxNumberLength(brand) {
    return brand === "amex" ? 15 : brand === "mastercard" ? 16 : 19;
  }

  /** @param {string} brand */
  function numberLengths(brand) {
    if (brand === "amex") return [15];
    if (brand === "mastercard") return [16];
    if (brand === "visa") return [13, 16, 19];
    return [16, 17, 18, 19];
  }

  /** @param {string} digits */
  function luhnValid(digits) {
    var sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let digit = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  /** @param {string} digits */
  function formatNumber(digits) {
    var brand = brandOf(digits);
    digits = digits.slice(0, maxNumberLength(brand));
    var groups = brand === "amex" ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var parts = [];
    var position = 0;
    for (const size of groups) {
      if (position >= digits.length) break;
      parts.push(digits.slice(position, position + size));
      position += size;
    }
    return parts.join(" ");
  }

  /**
   * @param {string} digits
   * @param {boolean} deleting
   */
  function formatExpiry(digits, deleting) {
    digits = digits.slice(0, 4);
    if (digits.length === 1 && digits > "1") digits = `0${digits}`;
    if (digits.length < 2) return digits;
    if (digits.length === 2) return deleting ? digits : `${digits} / `;
    return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  }

  /**
   * The field's problem as a Stripe validation_error, or null when the field is complete and valid.
   * @param {string} value
   * @returns {StandinProblem | null}
   */
  function checkNumber(value) {
    var digits = digitsOf(value);
    var brand = brandOf(digits);
    if (numberLengths(brand).indexOf(digits.length) < 0) {
      if (digits.length >= maxNumberLength(brand) && !luhnValid(digits)) return ["invalid_number", "Your card number is invalid."];
      return ["incomplete_number", "Your card number is incomplete."];
    }
    if (!luhnValid(digits)) return ["invalid_number", "Your card number is invalid."];
    return null;
  }

  /**
   * @param {string} value
   * @returns {StandinProblem | null}
   */
  function checkExpiry(value) {
    var digits = digitsOf(value);
    if (digits.length < 4) return ["incomplete_expiry", "Your card's expiration date is incomplete."];
    var month = Number(digits.slice(0, 2));
    var year = 2000 + Number(digits.slice(2, 4));
    if (month < 1 || month > 12) return ["invalid_expiry_month", "Your card's expiration date is invalid."];
    var today = new Date();
    var thisYear = today.getFullYear();
    if (year < thisYear) return ["invalid_expiry_year_past", "Your card's expiration year is in the past."];
    if (year === thisYear && month < today.getMonth() + 1)
      return ["invalid_expiry_month_past", "Your card's expiration date is in the past."];
    if (year > thisYear + 50) return ["invalid_expiry_year", "Your card's expiration year is invalid."];
    return null;
  }

  /**
   * @param {string} value
   * @param {string} numberValue
   * @returns {StandinProblem | null}
   */
  function checkCvc(value, numberValue) {
    var digits = digitsOf(value);
    var needed = brandOf(digitsOf(numberValue)) === "amex" ? 4 : 3;
    if (digits.length < needed) return ["incomplete_cvc", "Your card's security code is incomplete."];
    return null;
  }

  // ---- Styling (CSSOM only: allowed under a strict CSP) -------------------------------------------------

  var COLORS = {
    foreground: "var(--color-foreground, #1f2328)",
    muted: "var(--color-muted-foreground, #545b63)",
    input: "var(--color-input, #c9c0b1)",
    card: "var(--color-card, #ffffff)",
    ring: "var(--color-ring, #2f5d50)",
    destructive: "var(--color-destructive, #b42318)",
  };

  /**
   * @template {HTMLElement} T
   * @param {T} element
   * @param {Record<string, string>} styles
   * @returns {T}
   */
  function css(element, styles) {
    for (var [property, value] of Object.entries(styles)) element.style.setProperty(property, value);
    return element;
  }

  /**
   * @param {string} tag
   * @param {Record<string, string>} [styles]
   * @param {Record<string, string>} [attributes]
   */
  function el(tag, styles, attributes) {
    var element = document.createElement(tag);
    if (styles) css(element, styles);
    if (attributes) {
      for (var [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    }
    return element;
  }

  // ---- Events -----------------------------------------------------------------------------------------

  class Emitter {
    constructor() {
      /** @type {Record<string, StandinHandler[]>} */
      this._handlers = {};
    }
    /**
     * @param {string} event
     * @param {StandinHandler} handler
     */
    _on(event, handler) {
      if (typeof handler !== "function") throw integrationError("When adding an event listener, the handler must be a function.");
      if (!this._handlers[event]) this._handlers[event] = [];
      this._handlers[event].push(handler);
    }
    /**
     * @param {string} event
     * @param {StandinHandler} [handler]
     */
    _off(event, handler) {
      var list = this._handlers[event];
      if (!list) return;
      if (!handler) {
        this._handlers[event] = [];
        return;
      }
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === handler) {
          list.splice(i, 1);
          break;
        }
      }
    }
    /**
     * @param {string} event
     * @param {StandinHandler} handler
     */
    _has(event, handler) {
      var list = this._handlers[event];
      return !!list && list.indexOf(handler) >= 0;
    }
    /**
     * @param {string} event
     * @param {unknown} payload
     */
    _emit(event, payload) {
      var list = (this._handlers[event] || []).slice();
      for (const handler of list) {
        try {
          handler(payload);
        } catch (error) {
          setTimeout(() => {
            throw error;
          }, 0);
        }
      }
    }
  }

  /** What every Element has: `on`, `once` and `off` over the Emitter. */
  class BaseElement extends Emitter {
    /**
     * @param {string} event
     * @param {StandinHandler} handler
     * @returns {this}
     */
    on(event, handler) {
      this._on(event, handler);
      return this;
    }
    /**
     * @param {string} event
     * @param {StandinHandler} handler
     * @returns {this}
     */
    once(event, handler) {
      /** @type {StandinHandler} */
      var wrapped = (payload) => {
        this._off(event, wrapped);
        handler(payload);
      };
      return this.on(event, wrapped);
    }
    /**
     * @param {string} event
     * @param {StandinHandler} [handler]
     * @returns {this}
     */
    off(event, handler) {
      this._off(event, handler);
      return this;
    }
  }

  // ---- Payment Element ----------------------------------------------------------------------------------

  class PaymentElement extends BaseElement {
    /**
     * @param {Elements} group
     * @param {StandinOptions} [options]
     */
    constructor(group, options) {
      super();
      this._group = group;
      this._options = assign({}, options);
      this._uid = `stripe-emulator-${++elementCounter}`;
      /** @type {HTMLElement | null} */
      this._root = null;
      /** @type {HTMLElement | null} */
      this._container = null;
      /** @type {StandinFields | null} */
      this._fields = null;
      /** @type {HTMLElement | undefined} set by _build */
      this._note;
      this._destroyed = false;
      this._ready = false;
      this._readOnly = !!this._options.readOnly;
      this._busy = false;
      this._hasFocus = false;
    }

    /**
     * @param {string} event
     * @param {StandinHandler} handler
     * @returns {this}
     */
    on(event, handler) {
      this._on(event, handler);
      if (event === "ready" && this._ready) {
        // A listener added after the element became ready still hears about it (asynchronously, once).
        setTimeout(() => {
          if (this._has("ready", handler)) handler({ elementType: "payment" });
        }, 0);
      }
      return this;
    }

    /** @param {string | HTMLElement} target */
    mount(target) {
      if (this._destroyed) throw integrationError("This Element has already been destroyed. Please create a new one.");
      var node = /** @type {HTMLElement | null} */ (typeof target === "string" ? document.querySelector(target) : target);
      if (!node || typeof node.appendChild !== "function") {
        throw integrationError(`The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`);
      }
      if (this._root?.parentNode) this._root.parentNode.removeChild(this._root);
      if (!this._root) this._build();
      node.appendChild(/** @type {HTMLElement} */ (this._root));
      this._container = node;
      if (node.classList) node.classList.add("StripeElement");
      this._syncClasses();
      this._load();
    }

    _load() {
      var done = () => {
        if (this._destroyed || this._ready) return;
        this._ready = true;
        this._emit("ready", { elementType: "payment" });
      };
      var clientSecret = this._group._options.clientSecret;
      var id = clientSecret ? intentIdFromSecret(clientSecret) : null;
      if (!clientSecret) {
        setTimeout(done, 0);
        return;
      }
      // Like Stripe, load the PaymentIntent first: a wrong client secret shows up as a loaderror.
      /** @param {StandinError} error */
      var failed = (error) => {
        if (this._destroyed) return;
        this._setNote(error.message || "The payment form could not be loaded.", true);
        this._emit("loaderror", { elementType: "payment", error: error });
      };
      if (!id) {
        setTimeout(() => {
          var message = "Invalid value for elements(): clientSecret should be a client secret of the form pi_..._secret_...";
          failed({ type: "invalid_request_error", message: message });
        }, 0);
        return;
      }
      request("GET", `/v1/payment_intents/${encodeURIComponent(id)}`, { key: this._group._stripe._key, client_secret: clientSecret }).then(
        (result) => {
          if (result.data?.error) failed(result.data.error);
          else done();
        },
        (error) => {
          failed({ type: "api_connection_error", message: `Could not reach the Stripe emulator: ${error.message}` });
        },
      );
    }

    _build() {
      var uid = this._uid;
      var root = el(
        "div",
        { display: "grid", gap: "0.75rem", color: COLORS.foreground, "font-family": "inherit", "font-size": "1rem", "line-height": "1.5" },
        {
          "data-stripe-emulator": "payment-element",
          role: "group",
          "aria-label": "Card details",
        },
      );

      /**
       * @param {string} key
       * @param {string} labelText
       * @param {Record<string, string>} attributes
       * @returns {StandinField}
       */
      function field(key, labelText, attributes) {
        var wrapper = el("div", { "min-width": "0" });
        var inputId = `${uid}-${key}`;
        var errorId = `${inputId}-error`;
        var labelStyles = {
          display: "block",
          "margin-bottom": "0.375rem",
          "font-size": "0.875rem",
          "font-weight": "500",
          color: COLORS.foreground,
        };
        var label = el("label", labelStyles, { for: inputId });
        label.textContent = labelText;
        var input = /** @type {HTMLInputElement} */ (
          el(
            "input",
            {
              display: "block",
              width: "100%",
              "box-sizing": "border-box",
              height: "2.5rem",
              margin: "0",
              padding: "0 0.75rem",
              border: `1px solid ${COLORS.input}`,
              "border-radius": "0.375rem",
              background: COLORS.card,
              color: COLORS.foreground,
              font: "inherit",
              "font-variant-numeric": "tabular-nums",
              "letter-spacing": "0.02em",
              outline: "none",
            },
            assign(
              {
                id: inputId,
                type: "text",
                inputmode: "numeric",
                spellcheck: "false",
                "aria-invalid": "false",
                "aria-describedby": errorId,
              },
              attributes,
            ),
          )
        );
        var error = el(
          "p",
          { margin: "0.25rem 0 0", "font-size": "0.875rem", color: COLORS.destructive },
          { id: errorId, "aria-live": "polite" },
        );
        wrapper.appendChild(label);
        wrapper.appendChild(input);
        wrapper.appendChild(error);
        return { key: key, wrapper: wrapper, input: input, error: error, touched: false };
      }

      var number = field("number", "Card number", { autocomplete: "cc-number", placeholder: "1234 1234 1234 1234", maxlength: "23" });
      var expiry = field("expiry", "Expiration date", { autocomplete: "cc-exp", placeholder: "MM / YY", maxlength: "7" });
      var cvc = field("cvc", "Security code", { autocomplete: "cc-csc", placeholder: "CVC", maxlength: "4" });
      var row = el("div", { display: "grid", "grid-template-columns": "repeat(2, minmax(0, 1fr))", gap: "0.75rem" });
      row.appendChild(expiry.wrapper);
      row.appendChild(cvc.wrapper);
      var note = el("p", { margin: "0", "font-size": "0.8125rem", color: COLORS.muted }, { "data-stripe-emulator": "note" });
      note.textContent = "Test mode: payments are processed by the local Stripe emulator";
      root.appendChild(number.wrapper);
      root.appendChild(row);
      root.appendChild(note);

      this._root = root;
      this._note = note;
      this._fields = { number: number, expiry: expiry, cvc: cvc };
      [number, expiry, cvc].forEach((f) => {
        f.input.addEventListener("input", (event) => {
          this._format(f, event);
          if (f.error.textContent && !this._fieldProblem(f.key)) this._showError(f, null);
          this._emitChange();
        });
        f.input.addEventListener("focus", () => {
          css(f.input, { outline: `2px solid ${COLORS.ring}`, "outline-offset": "1px" });
          if (!this._hasFocus) {
            this._hasFocus = true;
            this._syncClasses();
            this._emit("focus", { elementType: "payment" });
          }
        });
        f.input.addEventListener("blur", (event) => {
          css(f.input, { outline: "none" });
          if (f.input.value) {
            f.touched = true;
            this._showError(f, this._fieldProblem(f.key));
          }
          var next = /** @type {Node | null} */ (event.relatedTarget);
          if (!next || !root.contains(next)) {
            this._hasFocus = false;
            this._syncClasses();
            this._emit("blur", { elementType: "payment" });
          }
        });
        f.input.addEventListener("keydown", (event) => {
          if (event.key === "Escape") this._emit("escape", { elementType: "payment" });
        });
      });
      this._applyReadOnly();
    }

    /**
     * @param {StandinField} f
     * @param {Event} [event]
     */
    _format(f, event) {
      var input = f.input;
      var inputType = event && /** @type {InputEvent} */ (event).inputType;
      var deleting = !!(inputType && inputType.indexOf("delete") === 0);
      var caret = input.selectionStart === null ? input.value.length : input.selectionStart;
      var digitsBeforeCaret = digitsOf(input.value.slice(0, caret)).length;
      var atEnd = caret >= input.value.length;
      var digits = digitsOf(input.value);
      var formatted;
      if (f.key === "number") formatted = formatNumber(digits);
      else if (f.key === "expiry") formatted = formatExpiry(digits, deleting);
      else formatted = digits.slice(0, 4);
      if (formatted === input.value) return;
      input.value = formatted;
      var position = formatted.length;
      if (!atEnd) {
        let seen = 0;
        position = 0;
        while (position < formatted.length && seen < digitsBeforeCaret) {
          if (/\d/.test(formatted.charAt(position))) seen++;
          position++;
        }
      }
      if (document.activeElement === input) {
        try {
          input.setSelectionRange(position, position);
        } catch {
          /* some input types do not support selection */
        }
      }
    }

    /**
     * @param {string} key
     * @returns {StandinProblem | null}
     */
    _fieldProblem(key) {
      var fields = /** @type {StandinFields} */ (this._fields);
      if (key === "number") return checkNumber(fields.number.input.value);
      if (key === "expiry") return checkExpiry(fields.expiry.input.value);
      return checkCvc(fields.cvc.input.value, fields.number.input.value);
    }

    /**
     * @param {StandinField} f
     * @param {StandinProblem | null} problem
     */
    _showError(f, problem) {
      f.error.textContent = problem ? problem[1] : "";
      f.input.setAttribute("aria-invalid", problem ? "true" : "false");
      css(f.input, { "border-color": problem ? COLORS.destructive : COLORS.input });
      this._syncClasses();
    }

    _state() {
      var fields = this._fields;
      if (!fields) return { empty: true, complete: false };
      var empty = !fields.number.input.value && !fields.expiry.input.value && !fields.cvc.input.value;
      var complete = !this._fieldProblem("number") && !this._fieldProblem("expiry") && !this._fieldProblem("cvc");
      return { empty: empty, complete: complete };
    }

    _emitChange() {
      var state = this._state();
      this._syncClasses();
      this._emit("change", {
        elementType: "payment",
        empty: state.empty,
        complete: state.complete,
        collapsed: false,
        value: { type: "card" },
      });
    }

    _syncClasses() {
      var node = this._container;
      if (!node?.classList || !this._fields) return;
      var state = this._state();
      var invalid = false;
      for (var field of Object.values(this._fields)) {
        if (field.error.textContent) invalid = true;
      }
      node.classList.toggle("StripeElement--empty", state.empty);
      node.classList.toggle("StripeElement--complete", state.complete);
      node.classList.toggle("StripeElement--invalid", invalid);
      node.classList.toggle("StripeElement--focus", this._hasFocus);
    }

    /** Shows every field's problem; returns the first as a Stripe validation_error, or null. */
    _validate() {
      if (!this._fields) return { type: "validation_error", code: "incomplete", message: "The payment form is not mounted." };
      var first = null;
      var firstField = null;
      for (const f of [this._fields.number, this._fields.expiry, this._fields.cvc]) {
        const problem = this._fieldProblem(f.key);
        f.touched = true;
        this._showError(f, problem);
        if (problem && !first) {
          first = problem;
          firstField = f;
        }
      }
      if (!first) return null;
      if (firstField && typeof firstField.input.focus === "function") firstField.input.focus();
      return { type: "validation_error", code: first[0], message: first[1], param: firstField ? firstField.key : undefined };
    }

    _cardData() {
      var fields = /** @type {StandinFields} */ (this._fields);
      var expiry = digitsOf(fields.expiry.input.value);
      return {
        number: digitsOf(fields.number.input.value),
        exp_month: String(Number(expiry.slice(0, 2))),
        exp_year: String(2000 + Number(expiry.slice(2, 4))),
        cvc: digitsOf(fields.cvc.input.value),
      };
    }

    /**
     * @param {string} text
     * @param {boolean} isError
     */
    _setNote(text, isError) {
      if (!this._note) return;
      this._note.textContent = text;
      css(this._note, { color: isError ? COLORS.destructive : COLORS.muted });
      if (isError) this._note.setAttribute("role", "alert");
    }

    _applyReadOnly() {
      if (!this._fields) return;
      var readOnly = this._readOnly || this._busy;
      for (var field of Object.values(this._fields)) {
        field.input.readOnly = readOnly;
        css(field.input, { opacity: readOnly ? "0.7" : "1" });
      }
      if (this._root) this._root.setAttribute("aria-busy", this._busy ? "true" : "false");
    }

    /** @param {boolean} busy */
    _setBusy(busy) {
      this._busy = busy;
      this._applyReadOnly();
    }

    /** @param {StandinOptions} [options] */
    update(options) {
      if (isObject(options)) {
        assign(this._options, options);
        if ("readOnly" in options) {
          this._readOnly = !!options.readOnly;
          this._applyReadOnly();
        }
      }
      return this;
    }
    focus() {
      if (this._fields) this._fields.number.input.focus();
      return this;
    }
    blur() {
      var active = /** @type {HTMLElement | null} */ (document.activeElement);
      if (active && this._root?.contains(active) && typeof active.blur === "function") active.blur();
      return this;
    }
    clear() {
      if (!this._fields) return this;
      for (var field of Object.values(this._fields)) {
        field.input.value = "";
        this._showError(field, null);
      }
      this._emitChange();
      return this;
    }
    collapse() {
      return this;
    }
    unmount() {
      if (this._root?.parentNode) this._root.parentNode.removeChild(this._root);
      if (this._container?.classList) {
        this._container.classList.remove(
          "StripeElement",
          "StripeElement--empty",
          "StripeElement--complete",
          "StripeElement--invalid",
          "StripeElement--focus",
        );
      }
      this._container = null;
      return this;
    }
    destroy() {
      if (this._destroyed) return this;
      this.unmount();
      this._destroyed = true;
      this._handlers = {};
      this._group._forget(this);
      return this;
    }
  }

  /** Other Element types (address, linkAuthentication …): inert, so a page using them does not break. */
  class InertElement extends BaseElement {
    /**
     * @param {Elements} group
     * @param {string} type
     * @param {StandinOptions} [options]
     */
    constructor(group, type, options) {
      super();
      this._group = group;
      this._type = type;
      this._options = assign({}, options);
      this._destroyed = false;
      /** @type {Element | HTMLElement | null} */
      this._node = null;
    }
    /** @param {string | HTMLElement} target */
    mount(target) {
      var node = typeof target === "string" ? document.querySelector(target) : target;
      if (!node)
        throw integrationError(`The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`);
      this._node = node;
      setTimeout(() => {
        if (!this._destroyed) this._emit("ready", { elementType: this._type });
      }, 0);
    }
    /** @param {StandinOptions} [options] */
    update(options) {
      assign(this._options, options);
      return this;
    }
    focus() {
      return this;
    }
    blur() {
      return this;
    }
    clear() {
      return this;
    }
    collapse() {
      return this;
    }
    unmount() {
      this._node = null;
      return this;
    }
    destroy() {
      this._destroyed = true;
      this._handlers = {};
      this._group._forget(this);
      return this;
    }
    getValue() {
      return Promise.resolve({ complete: false, isNewAddress: false, value: {} });
    }
  }

  // ---- Elements group ----------------------------------------------------------------------------------

  class Elements extends Emitter {
    /**
     * @param {StripeInstance} stripe
     * @param {StandinOptions} [options]
     */
    constructor(stripe, options) {
      super();
      this._stripe = stripe;
      this._options = assign({}, options);
      /** @type {Record<string, PaymentElement | InertElement>} */
      this._elements = {};
      this._submitted = false;
    }

    /**
     * @param {string} type
     * @param {StandinOptions} [options]
     */
    create(type, options) {
      if (typeof type !== "string") throw integrationError("elements.create(): expected an Element type string.");
      if (this._elements[type]) throw integrationError(`Can only create one Element of type ${type}.`);
      var element;
      if (type === "payment") {
        if (!this._options.clientSecret && !this._options.mode) {
          throw integrationError(
            "In order to create a payment element, you must pass a clientSecret or mode when creating the Elements group.",
          );
        }
        element = new PaymentElement(this, options);
      } else {
        element = new InertElement(this, type, options);
      }
      this._elements[type] = element;
      return element;
    }
    /** @param {string | { __elementType?: string }} type */
    getElement(type) {
      if (type && typeof type !== "string" && type.__elementType) type = type.__elementType;
      return this._elements[/** @type {string} */ (type)] || null;
    }
    /** @param {PaymentElement | InertElement} element */
    _forget(element) {
      for (var type in this._elements) {
        if (this._elements[type] === element) delete this._elements[type];
      }
    }
    /** @returns {PaymentElement | null} */
    _payment() {
      var element = /** @type {PaymentElement | undefined} */ (this._elements.payment);
      return element && !element._destroyed ? element : null;
    }
    /** @param {StandinOptions} [options] */
    update(options) {
      if (isObject(options)) {
        const copy = assign({}, options);
        delete copy.clientSecret;
        assign(this._options, copy);
      }
    }
    fetchUpdates() {
      return Promise.resolve({});
    }
    submit() {
      var payment = this._payment();
      if (!payment) {
        return Promise.resolve({ error: { type: "validation_error", code: "incomplete", message: "No Payment Element is mounted." } });
      }
      var error = payment._validate();
      this._submitted = !error;
      return Promise.resolve(error ? { error: error } : {});
    }
    /**
     * @param {string} event
     * @param {StandinHandler} handler
     * @returns {this}
     */
    on(event, handler) {
      this._on(event, handler);
      return this;
    }
    /**
     * @param {string} event
     * @param {StandinHandler} [handler]
     * @returns {this}
     */
    off(event, handler) {
      this._off(event, handler);
      return this;
    }
  }

  // ---- Stripe instance ----------------------------------------------------------------------------------

  /**
   * @param {string} returnUrl
   * @param {{ id: string, client_secret?: string }} intent
   * @param {string} clientSecret
   * @param {string} status
   */
  function returnUrlWith(returnUrl, intent, clientSecret, status) {
    var hashAt = returnUrl.indexOf("#");
    var base = hashAt >= 0 ? returnUrl.slice(0, hashAt) : returnUrl;
    var hash = hashAt >= 0 ? returnUrl.slice(hashAt) : "";
    var query =
      "payment_intent=" +
      encodeURIComponent(intent.id) +
      "&payment_intent_client_secret=" +
      encodeURIComponent(intent.client_secret || clientSecret) +
      "&redirect_status=" +
      encodeURIComponent(status);
    return base + (base.indexOf("?") >= 0 ? "&" : "?") + query + hash;
  }

  class StripeInstance {
    /**
     * @param {string} key
     * @param {StandinOptions} [options]
     */
    constructor(key, options) {
      this._key = key;
      this._options = assign({}, options);
      /** @type {unknown[]} */
      this._wrappers = [];
      /** @type {unknown} */
      this._appInfo = null;
    }

    /** @param {StandinOptions} [options] */
    elements(options) {
      return new Elements(this, options);
    }

    /** @param {unknown} wrapper */
    _registerWrapper(wrapper) {
      this._wrappers.push(wrapper);
    }

    /** @param {unknown} info */
    registerAppInfo(info) {
      this._appInfo = info;
    }

    /**
     * @param {StandinOptions} options
     * @returns {Promise<{ error?: StandinError, paymentIntent?: any }>}
     */
    confirmPayment(options) {
      return new Promise((resolve, reject) => {
        if (!isObject(options)) throw integrationError("stripe.confirmPayment(): expected an object with elements and confirmParams.");
        var elements = options.elements;
        if (elements !== undefined && !(elements instanceof Elements)) {
          throw integrationError("stripe.confirmPayment(): elements should be an Elements group created by stripe.elements().");
        }
        var clientSecret = options.clientSecret || (elements ? elements._options.clientSecret : null);
        if (!clientSecret)
          throw integrationError(
            "stripe.confirmPayment(): a clientSecret is required (pass it to stripe.elements() or to confirmPayment()).",
          );
        var id = intentIdFromSecret(clientSecret);
        if (!id) throw integrationError("stripe.confirmPayment(): invalid clientSecret.");
        var confirmParams = isObject(options.confirmParams) ? options.confirmParams : {};
        var redirect = options.redirect || "always";
        if (redirect !== "always" && redirect !== "if_required")
          throw integrationError("stripe.confirmPayment(): redirect must be 'always' or 'if_required'.");
        if (redirect === "always" && !confirmParams.return_url) {
          throw integrationError(
            "stripe.confirmPayment(): the confirmParams.return_url argument is required unless passing redirect: 'if_required'.",
          );
        }
        var payment = elements ? elements._payment() : null;
        var params = assign({}, confirmParams, { key: this._key, client_secret: clientSecret });
        if (payment) {
          const problem = payment._validate();
          if (problem) {
            resolve({ error: problem });
            return;
          }
          const data = isObject(confirmParams.payment_method_data) ? assign({}, confirmParams.payment_method_data) : {};
          data.type = "card";
          data.card = payment._cardData();
          params.payment_method_data = data;
        } else if (!confirmParams.payment_method) {
          throw integrationError("stripe.confirmPayment(): no Payment Element is mounted in the given elements group.");
        }
        if (payment) payment._setBusy(true);
        request("POST", `/v1/payment_intents/${encodeURIComponent(id)}/confirm`, params).then(
          (result) => {
            var data = result.data || {};
            if (data.error) {
              if (payment) payment._setBusy(false);
              resolve({ error: data.error });
              return;
            }
            var intent = data;
            if (intent.status === "succeeded" || intent.status === "processing") {
              if (redirect === "if_required") {
                if (payment) payment._setBusy(false);
                resolve({ paymentIntent: intent });
                return;
              }
              // Like Stripe.js during a redirect: the promise never settles.
              const redirectStatus = intent.status === "succeeded" ? "succeeded" : "processing";
              window.location.assign(returnUrlWith(String(confirmParams.return_url), intent, clientSecret, redirectStatus));
              return;
            }
            if (payment) payment._setBusy(false);
            resolve({ paymentIntent: intent });
          },
          (error) => {
            if (payment) payment._setBusy(false);
            reject(error);
          },
        );
      });
    }

    /** @param {unknown} clientSecret */
    retrievePaymentIntent(clientSecret) {
      var id = typeof clientSecret === "string" ? intentIdFromSecret(clientSecret) : null;
      if (!id) return Promise.reject(integrationError("stripe.retrievePaymentIntent(): expected a PaymentIntent client secret."));
      return request("GET", `/v1/payment_intents/${encodeURIComponent(id)}`, { key: this._key, client_secret: clientSecret }).then(
        (result) => (result.data?.error ? { error: result.data.error } : { paymentIntent: result.data }),
        (error) => ({ error: { type: "api_connection_error", message: `Could not reach the Stripe emulator: ${error.message}` } }),
      );
    }

    paymentRequest() {
      var emitter = new Emitter();
      return {
        canMakePayment: () => Promise.resolve(null),
        show: () => {},
        abort: () => {},
        isShowing: () => false,
        update: () => {},
        /**
         * @param {string} event
         * @param {StandinHandler} handler
         */
        on: (event, handler) => {
          emitter._on(event, handler);
        },
        /**
         * @param {string} event
         * @param {StandinHandler} [handler]
         */
        off: (event, handler) => {
          emitter._off(event, handler);
        },
      };
    }

    initCheckout() {
      throw integrationError("stripe.initCheckout() is not supported by the local Stripe emulator.");
    }
    initEmbeddedCheckout() {
      return Promise.reject(integrationError("stripe.initEmbeddedCheckout() is not supported by the local Stripe emulator."));
    }
  }

  [
    "confirmCardPayment",
    "createToken",
    "createPaymentMethod",
    "createConfirmationToken",
    "createSource",
    "retrieveSource",
    "handleCardAction",
    "handleNextAction",
    "confirmSetup",
    "confirmCardSetup",
    "retrieveSetupIntent",
    "verifyMicrodepositsForPayment",
    "verifyMicrodepositsForSetup",
    "collectBankAccountForPayment",
    "collectBankAccountForSetup",
    "createRadarSession",
    "verifyIdentity",
    "createEphemeralKeyNonce",
  ].forEach((name) => {
    /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (StripeInstance.prototype))[name] = unsupported(name);
  });

  /**
   * @param {string} publishableKey
   * @param {StandinOptions} [options]
   */
  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== "string" || publishableKey === "") {
      throw integrationError("Please call Stripe() with your publishable key. You used an empty string.");
    }
    if (/^sk_/.test(publishableKey)) {
      throw integrationError("You should not use your secret key with Stripe.js. Please pass a publishable key instead.");
    }
    return new StripeInstance(publishableKey, options);
  }
  // @stripe/stripe-js compares this with the release train it expects ("endive") and warns otherwise.
  Stripe.version = "endive";
  Stripe.__emulator = true;
  Stripe.__apiBase = API_BASE;

  // @ts-expect-error -- @stripe/stripe-js types window.Stripe as the whole of Stripe.js; this is the part the app uses.
  window.Stripe = Stripe;
})();
