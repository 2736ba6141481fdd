import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusFirstError } from './focus-first-error';

describe('focus after a failed submit', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('goes to the first invalid field in the page order, whatever the form focused', () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<form>
      <input id="name" /><input id="postal" /><input id="phone" /><button>Go</button>
    </form>`;
    const form = document.querySelector('form')!;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      // As react-hook-form did on checkout: both invalid, the last one focused.
      for (const id of ['postal', 'phone'])
        document.getElementById(id)!.setAttribute('aria-invalid', 'true');
      document.getElementById('phone')!.focus();
      focusFirstError(form);
    });
    form.requestSubmit();
    vi.advanceTimersByTime(100);
    expect(document.activeElement?.id).toBe('postal');
  });
});
