/* What the tax tests share (decisions 063, 065, 066): a ship-to in a state the shop taxes. */

/** A ship-to (and billing) address in California, with its state: the region the tests configure. */
export const california = {
  street: '1 Main St',
  city: 'Fresno',
  postalCode: '93650',
  country: 'US',
  state: 'CA',
};
