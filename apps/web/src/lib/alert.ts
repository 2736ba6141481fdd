import { alerts } from '@storefront/contract';

/**
 * sweetalert2 is loaded on first use only: the pages that never alert never pay for it.
 */
const load = () => import('sweetalert2').then((m) => m.default);

export async function showSuccess(title: string): Promise<void> {
  const Swal = await load();
  await Swal.fire({ title, icon: 'success', confirmButtonText: alerts.confirmButton });
}

export async function showInfo(title: string): Promise<void> {
  const Swal = await load();
  await Swal.fire({ title, icon: 'info', confirmButtonText: alerts.confirmButton });
}

export async function showError(title: string, text?: string): Promise<void> {
  const Swal = await load();
  await Swal.fire({ title, text, icon: 'error', confirmButtonText: 'OK' });
}

/** Resolves true when the user confirms. */
export async function confirm(
  title: string,
  text: string,
  confirmButtonText = 'Yes',
): Promise<boolean> {
  const Swal = await load();
  const result = await Swal.fire({
    title,
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: 'No',
    focusCancel: true,
  });
  return result.isConfirmed;
}
