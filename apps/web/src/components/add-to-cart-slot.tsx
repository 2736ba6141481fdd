import { createContext, useContext, type ReactNode } from 'react';

/** A part as "Add to cart" adds it: the quantity, and the unit price the buyer sees. */
export type CartAddition = { partId: string; quantity: number; unitPrice: number };
type AddToCartProps = { line: CartAddition; name: string };

type RenderAddToCart = (props: AddToCartProps) => ReactNode;
const AddToCartContext = createContext<RenderAddToCart | null>(null);

/**
 * Where a part's "Add to cart" goes. The catalog and the purchase form place it; the app decides
 * what it is (the cart feature's button), so neither feature imports the other.
 */
export const AddToCartProvider = AddToCartContext.Provider;

export function AddToCart(props: AddToCartProps) {
  const render = useContext(AddToCartContext);
  return render ? render(props) : null;
}
