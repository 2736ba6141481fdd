import { alerts } from '@storefront/contract';

/**
 * sweetalert2 is loaded on first use only: the pages that never alert never pay for it. Its
 * buttons and box take the site's own classes (daisyUI), not the library's purple defaults; the
 * dialog keeps the library's focus handling and `role="dialog"` labelling.
 */
const load = () => import('sweetalert2').then((m) => m.default);

const look = {
  buttonsStyling: false,
  customClass: {
    popup: 'rounded-box bg-base-100 text-base-content shadow-xl',
    title: 'text-2xl font-bold text-base-content',
    htmlContainer: 'text-base-content',
    actions: 'gap-3',
    confirmButton: 'btn btn-primary',
    cancelButton: 'btn btn-outline',
  },
} as const;

export async function showSuccess(title: string): Promise<void> {
  const Swal = await load();
  await Swal.fire({ ...look, title, icon: 'success', confirmButtonText: alerts.confirmButton });
}

export async function showInfo(title: string): Promise<void> {
  const Swal = await load();
  await Swal.fire({ ...look, title, icon: 'info', confirmButtonText: alerts.confirmButton });
}

export async function showError(title: string, text?: string): Promise<void> {
  const Swal = await load();
  await Swal.fire({ ...look, title, text, icon: 'error', confirmButtonText: 'OK' });
}

/** Resolves true when the user confirms. */
export async function confirm(
  title: string,
  text: string,
  confirmButtonText = 'Yes',
): Promise<boolean> {
  const Swal = await load();
  const result = await Swal.fire({
    ...look,
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
