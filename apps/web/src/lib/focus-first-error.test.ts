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

  it('leaves the focus where the visitor put it when they start fixing a field first', () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<form>
      <input id="username" /><input id="email" /><button>Go</button>
    </form>`;
    const form = document.querySelector('form')!;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      // A slow check: the errors are drawn only after the first look (50 ms).
      setTimeout(() => {
        for (const id of ['username', 'email'])
          document.getElementById(id)!.setAttribute('aria-invalid', 'true');
      }, 120);
      focusFirstError(form);
    });
    form.requestSubmit();
    vi.advanceTimersByTime(200);
    // Before the second look (300 ms) the visitor types into the email field.
    const email = document.getElementById('email')!;
    email.focus();
    email.dispatchEvent(new Event('input', { bubbles: true }));
    vi.advanceTimersByTime(400);
    expect(document.activeElement?.id).toBe('email');
  });
});
