// Messages shared by forms and the server, in a module without zod so the browser can import it cheaply.

/** docs/product.md §5: a required field left empty reads "Required", on the client and in the server's fieldErrors. */
export const REQUIRED = 'Required';

/** POST /api/orders/complete's 409 for a payment that is not final yet (a declined one says why instead). */
export const PAYMENT_NOT_COMPLETED = 'The payment has not been completed';

/** A checkout that closed unpaid (its end passed): the shopper starts again from the cart, which is kept. */
export const CHECKOUT_EXPIRED = 'This checkout has expired. Please start again from your cart.';

/** Paying a checkout whose shipping step was not saved (the shopper reads it beside the payment form). */
export const SHIPPING_FIRST = 'Save your shipping details before paying.';
