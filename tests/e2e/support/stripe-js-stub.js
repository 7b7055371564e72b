// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js) in browser tests, where the
// real one cannot be downloaded. It implements the part of Stripe.js the checkout uses: Elements
// with a Payment Element, and confirmPayment, which calls Stripe's API at api.stripe.com exactly
// as Stripe.js does (form-encoded, with the publishable key and client secret); the tests route
// that origin to the local fake of Stripe's API. Calls are recorded in window.__stripeStub.
(() => {
  const record = { elementsOptions: [], paymentElementOptions: [], confirmations: [] };
  window.__stripeStub = record;

  function createElement(type, options) {
    const handlers = {};
    let root = null;
    const emit = (event, payload) => {
      for (const h of handlers[event] || []) h(payload);
    };
    return {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        root = document.createElement('div');
        root.setAttribute('data-testid', 'stripe-payment-element');
        root.style.display = 'grid';
        root.style.gap = '12px';
        root.innerHTML =
          '<div role="tablist" aria-label="Payment method"><button type="button" role="tab" aria-selected="true">Card</button></div>' +
          '<label style="display:grid;gap:4px">Card number<input name="stripe-number" autocomplete="cc-number" style="border:1px solid #ccc;border-radius:6px;padding:10px"></label>' +
          '<label style="display:grid;gap:4px">Expiration date<input name="stripe-expiry" placeholder="MM / YY" style="border:1px solid #ccc;border-radius:6px;padding:10px"></label>' +
          '<label style="display:grid;gap:4px">Security code<input name="stripe-cvc" style="border:1px solid #ccc;border-radius:6px;padding:10px"></label>';
        host.appendChild(root);
        root.addEventListener('input', () => {
          const number = root.querySelector('[name="stripe-number"]').value.replace(/\s/g, '');
          emit('change', { elementType: type, empty: number === '', complete: number.length >= 12 });
        });
        setTimeout(() => emit('ready', { elementType: type }), 0);
      },
      on(event, handler) {
        handlers[event] = [...(handlers[event] || []), handler];
        return this;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
        return this;
      },
      update() {},
      focus() {},
      blur() {},
      clear() {},
      collapse() {},
      unmount() {
        root?.remove();
      },
      destroy() {
        root?.remove();
      },
      get cardNumber() {
        return root ? root.querySelector('[name="stripe-number"]').value.replace(/\s/g, '') : '';
      },
      _type: type,
      _options: options,
    };
  }

  function Stripe(publishableKey) {
    let paymentElement = null;
    let clientSecret = null;
    const stripe = {
      elements(options) {
        record.elementsOptions.push(options);
        clientSecret = options?.clientSecret ?? null;
        return {
          create(type, opts) {
            if (type === 'payment') record.paymentElementOptions.push(opts);
            paymentElement = createElement(type, opts);
            return paymentElement;
          },
          getElement() {
            return paymentElement;
          },
          update() {},
          fetchUpdates: async () => ({}),
          submit: async () => ({}),
        };
      },
      async confirmPayment({ confirmParams, redirect }) {
        const number = paymentElement?.cardNumber ?? '';
        if (!number) return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        const id = String(clientSecret).split('_secret_')[0];
        const body = new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': number,
          return_url: confirmParams?.return_url ?? '',
        });
        record.confirmations.push({ id, redirect, returnUrl: confirmParams?.return_url, shipping: confirmParams?.shipping });
        const res = await fetch(`https://api.stripe.com/v1/payment_intents/${id}/confirm`, { method: 'POST', body });
        const json = await res.json();
        return res.ok ? { paymentIntent: json } : { error: json.error };
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      registerAppInfo() {},
      _registerWrapper() {},
    };
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
