import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { AppLink } from './app-link';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {useNavigationType()}
    </p>
  );
}

function renderAt(path: string, link: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {link}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('AppLink', () => {
  it('navigates in the app on a plain click, with its path as the href', async () => {
    renderAt('/cart', <AppLink to="/parts/p1">Brake pads</AppLink>);
    const link = screen.getByRole('link', { name: 'Brake pads' });
    expect(link.getAttribute('href')).toBe('/parts/p1');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(where()).toBe('/parts/p1 PUSH');
  });

  it('leaves a modified click, another target and a prevented click to the browser', async () => {
    renderAt(
      '/cart',
      <>
        <AppLink to="/parts/p1">Plain</AppLink>
        <AppLink to="/parts/p2" target="_blank">
          New tab
        </AppLink>
        <AppLink to="/parts/p3" onClick={(e) => e.preventDefault()}>
          Prevented
        </AppLink>
      </>,
    );
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      await act(async () => {
        screen.getByRole('link', { name: 'Plain' }).dispatchEvent(event);
      });
      expect(event.defaultPrevented).toBe(false);
    }
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => {
      screen.getByRole('link', { name: 'New tab' }).dispatchEvent(newTab);
    });
    expect(newTab.defaultPrevented).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Prevented' }));
    });
    expect(where()).toBe('/cart POP');
  });

  it('replaces the entry when it leads where the visitor already is', async () => {
    renderAt('/parts/p1', <AppLink to="/parts/p1">Here</AppLink>);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Here' }));
    });
    expect(where()).toBe('/parts/p1 REPLACE');
  });
});
