/** Every user-facing validation text, word for word from the specification. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  usernameRequired: 'Username is required',
  addressRequired: 'Address is required',
  quantityRequired: 'Minimum order amount is required',
  quantityBelowMinimum: 'You cannot go below minimum order amount',
  quantityAboveAvailable: 'You cannot go higher than available parts',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  partNameRequired: 'Part name is required',
  descriptionRequired: 'Description is required',
  minimumOrderQuantityRequired: 'Minimum order quantity is required',
  availableQuantityRequired: 'Available quantity is required',
  priceRequired: 'Price is required',
  imageUrlRequired: 'Image URL is required',
  reviewRequired: 'Review is required',
  ratingRequired: 'Rating is required',
  noUserLoggedIn: 'No user is logged in',
  // Beyond the specification: what its rules leave unsaid, in the same voice.
  quantityNotNumber: 'Minimum order amount must be a number',
  quantityNotWhole: 'Minimum order amount must be a whole number',
} as const;

/** Alert texts (spec section 8), shown with the button 'Cool!'. */
export const alerts = {
  confirmButton: 'Cool!',
  orderPlaced: 'Order has been placed!',
  paymentSuccessful: 'Payment Successful!',
  passwordResetSent: 'A password reset email has been sent',
  partAdded: 'Part has been added',
  reviewThanks: 'Thanks for the review',
  cancelConfirmTitle: 'Are you sure?',
  cancelConfirmText: 'Do you really want to cancel the order?',
  orderCanceled: 'Your order has been canceled',
  orderSafe: 'Your order is safe',
} as const;
