// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js) in browser tests, where the
// real one cannot be downloaded. It implements the part of Stripe.js the checkout uses: Elements
// (with a PaymentIntent's client secret, or without one: `mode`, `amount`, `currency`) with a
// Payment Element, elements.submit and update, createConfirmationToken and handleNextAction (and
// confirmPayment), which call Stripe's API at api.stripe.com as Stripe.js does (form-encoded, with
// the publishable key, and the client secret where one is needed); the tests route that origin to
// the local fake of Stripe's API, whose own `authenticate` stands for the bank's 3-D Secure page.
// Calls are recorded in window.__stripeStub.
// Like Stripe.js, it asks Stripe which payment method types apply (the PaymentIntent's, or the
// account's for Elements made without one) and shows a tab for each:
// Card, then Apple Pay and Google Pay (card wallets, unless the element's `wallets` option says
// 'never'; the real element shows them only on a device that has them), and Link. A wallet or
// Link tab confirms with the fake's test payment method for it (pm_card_visa_applepay,
// pm_card_visa_googlepay, pm_link), where the real one would open the wallet's own sheet.
(() => {
  const record = {
    elementsOptions: [],
    paymentElementOptions: [],
    confirmations: [],
    confirmationTokens: [],
    nextActions: [],
    amountUpdates: [],
    fetchUpdates: 0,
  };
  window.__stripeStub = record;

  /** The tabs for a PaymentIntent's payment method types: [label, Payment Element type, test payment method]. */
  function tabsFor(types, wallets) {
    const tabs = [];
    if (types.includes('card')) {
      tabs.push(['Card', 'card', null]);
      if (wallets?.applePay !== 'never') tabs.push(['Apple Pay', 'apple_pay', 'pm_card_visa_applepay']);
      if (wallets?.googlePay !== 'never') tabs.push(['Google Pay', 'google_pay', 'pm_card_visa_googlepay']);
    }
    if (types.includes('link') && wallets?.link !== 'never') tabs.push(['Link', 'link', 'pm_link']);
    return tabs;
  }

  const input = 'style="border:1px solid #ccc;border-radius:6px;padding:10px"';
  const CARD_FIELDS =
    `<label style="display:grid;gap:4px">Card number<input name="stripe-number" autocomplete="cc-number" ${input}></label>` +
    `<label style="display:grid;gap:4px">Expiration date<input name="stripe-expiry" placeholder="MM / YY" ${input}></label>` +
    `<label style="display:grid;gap:4px">Security code<input name="stripe-cvc" ${input}></label>`;

  function createElement(type, options, paymentMethodTypes) {
    const handlers = {};
    let root = null;
    let selected = null;
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
        host.appendChild(root);
        void paymentMethodTypes.then((types) => {
          if (!root) return;
          const tabs = tabsFor(types, options?.wallets);
          const tablist = document.createElement('div');
          tablist.setAttribute('role', 'tablist');
          tablist.setAttribute('aria-label', 'Payment method');
          const panel = document.createElement('div');
          panel.style.display = 'grid';
          panel.style.gap = '12px';
          const select = (tab) => {
            selected = tab;
            for (const b of tablist.children) b.setAttribute('aria-selected', String(b.textContent === tab[0]));
            panel.innerHTML = tab[2] ? `<p>Pay with ${tab[0]}.</p>` : CARD_FIELDS;
            emit('change', { elementType: type, value: { type: tab[1] }, empty: !tab[2], complete: Boolean(tab[2]) });
          };
          for (const tab of tabs) {
            const b = document.createElement('button');
            b.type = 'button';
            b.setAttribute('role', 'tab');
            b.textContent = tab[0];
            b.addEventListener('click', () => select(tab));
            tablist.appendChild(b);
          }
          root.append(tablist, panel);
          if (tabs[0]) select(tabs[0]);
          root.addEventListener('input', () => {
            const number = root.querySelector('[name="stripe-number"]')?.value.replace(/\s/g, '') ?? '';
            emit('change', { elementType: type, value: { type: 'card' }, empty: number === '', complete: number.length >= 12 });
          });
          emit('ready', { elementType: type });
        });
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
        return root?.querySelector('[name="stripe-number"]')?.value.replace(/\s/g, '') ?? '';
      },
      /** The test payment method of the wallet or Link tab chosen; null on the card tab. */
      get walletPaymentMethod() {
        return selected?.[2] ?? null;
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
        // Stripe.js asks Stripe which payment methods apply: the PaymentIntent's, or the account's.
        const id = String(clientSecret).split('_secret_')[0];
        const url = clientSecret
          ? `https://api.stripe.com/v1/payment_intents/${id}?${new URLSearchParams({ key: publishableKey, client_secret: clientSecret })}`
          : `https://api.stripe.com/v1/elements/sessions?${new URLSearchParams({ key: publishableKey, 'deferred_intent[mode]': options?.mode ?? '' })}`;
        const paymentMethodTypes = fetch(url)
          .then((res) => (res.ok ? res.json() : { payment_method_types: [] }))
          .then((answer) => {
            record.paymentMethodTypes = answer.payment_method_types ?? [];
            return record.paymentMethodTypes;
          });
        return {
          create(type, opts) {
            if (type === 'payment') record.paymentElementOptions.push(opts);
            paymentElement = createElement(type, opts, paymentMethodTypes);
            return paymentElement;
          },
          getElement() {
            return paymentElement;
          },
          update(opts) {
            if (opts?.amount !== undefined) record.amountUpdates.push(opts.amount);
          },
          fetchUpdates: async () => {
            record.fetchUpdates += 1;
            return {};
          },
          submit: async () => {
            if (!paymentElement?.walletPaymentMethod && !paymentElement?.cardNumber) {
              return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
            }
            return {};
          },
        };
      },
      async createConfirmationToken({ params }) {
        const wallet = paymentElement?.walletPaymentMethod ?? null;
        const number = paymentElement?.cardNumber ?? '';
        if (!wallet && !number) return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        const billing = params?.payment_method_data?.billing_details ?? {};
        const body = new URLSearchParams({
          key: publishableKey,
          ...(wallet
            ? { payment_method: wallet }
            : { 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': number }),
          ...(billing.name ? { 'payment_method_data[billing_details][name]': billing.name } : {}),
          ...(billing.email ? { 'payment_method_data[billing_details][email]': billing.email } : {}),
        });
        const res = await fetch('https://api.stripe.com/v1/confirmation_tokens', { method: 'POST', body });
        const json = await res.json();
        if (!res.ok) return { error: json.error };
        record.confirmationTokens.push({ id: json.id, paymentMethod: wallet ?? 'card' });
        return { confirmationToken: json };
      },
      async handleNextAction({ clientSecret: secret }) {
        const id = String(secret).split('_secret_')[0];
        record.nextActions.push(id);
        const body = new URLSearchParams({ key: publishableKey, client_secret: secret });
        const res = await fetch(`https://api.stripe.com/v1/payment_intents/${id}/authenticate`, { method: 'POST', body });
        const json = await res.json();
        return res.ok ? { paymentIntent: json } : { error: json.error };
      },
      async confirmPayment({ confirmParams, redirect }) {
        const wallet = paymentElement?.walletPaymentMethod ?? null;
        const number = paymentElement?.cardNumber ?? '';
        if (!wallet && !number) return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        const id = String(clientSecret).split('_secret_')[0];
        const body = new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          ...(wallet
            ? { payment_method: wallet }
            : { 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': number }),
          return_url: confirmParams?.return_url ?? '',
        });
        record.confirmations.push({
          id,
          redirect,
          paymentMethod: wallet ?? 'card',
          returnUrl: confirmParams?.return_url,
          shipping: confirmParams?.shipping,
        });
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
