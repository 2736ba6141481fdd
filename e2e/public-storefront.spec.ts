import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_PREVIEW_LENGTH,
  formatMoney,
  HOME_PARTS,
  PRERENDERED_BRAND,
} from '@storefront/contract';
import { seedParts, seedReviews } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { useBrowserShop } from './support/use-browser-shop.js';

describe.runIf(browserAvailable())('public storefront in the browser', () => {
  const ctx = useBrowserShop({ brandName: 'Ironclad Test Parts' });

  it('home shows the nine featured parts with the exact card texts, a 250-character preview and View all parts', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/');
    const cards = page.getByTestId('part-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(HOME_PARTS);
    expect(await page.getByRole('link', { name: 'View all parts' }).getAttribute('href')).toBe(
      '/parts',
    );

    const first = seedParts[0]!;
    const card = cards.filter({ hasText: first.name });
    expect(await card.getByTestId('part-description').textContent()).toBe(
      `${first.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`,
    );
    expect(await card.getByTestId('part-price').textContent()).toBe(
      formatMoney(first.priceCents / 100),
    );
    expect(await card.getByTestId('part-price').textContent()).toMatch(/^\$/);
    expect(await card.getByTestId('part-minimum').textContent()).toBe(
      `Minimum order quantity: ${first.minOrderQuantity} piece`,
    );
    expect(await card.getByTestId('part-available').textContent()).toBe(
      `Available: ${first.availableQuantity} piece`,
    );
    const href = await card
      .getByRole('link', { name: 'Order now', exact: true })
      .getAttribute('href');
    expect(href).toMatch(/^\/purchase\/[0-9a-f-]{36}$/);

    // Hero, statistics and headings as the specification lists them.
    expect(await page.getByText('free delivery across the whole country').count()).toBeGreaterThan(
      0,
    );
    for (const figure of ['100K+', '120M+', '38K+'])
      expect(await page.getByText(figure, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Our Collection' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Our Reviews' }).count()).toBe(1);
    await context.close();
  });

  it('paints the home page with its parts and reviews in: nothing moves when the app takes it over on a slow phone', async () => {
    const { context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL, {
      width: 390,
      height: 844,
    });
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[])
          w.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A phone's CPU: the app's script arrives and takes over well after the first paint.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Before any script: the parts and reviews are in the HTML.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('id="home-page-data"');
    expect(html).not.toContain('Loading parts…');
    // The app arrives late (a slow network too): the visitor has scrolled to the footer by then.
    // Held until then, not for a set time: a busy machine's scrolling outlasted a 1 s timer.
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const footerTop = () =>
      page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top + scrollY);
    // At the footer; the cards passed on the way drawn at their size (content-visibility).
    for (let i = 0; i < 3; i += 1) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
    }
    const before = await footerTop();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);
    expect(
      await page.evaluate(() =>
        Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react')),
      ),
    ).toBe(false);
    arrive();
    // Taken over by React (hydrated, not drawn again), then the page's queries settled.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')),
    );
    await page.getByTestId('part-grid').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await footerTop()).toBe(before);
    // Taken over where the visitor was: not scrolled back to the top under their finger.
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    expect(await page.getByTestId('part-card').count()).toBe(HOME_PARTS);
    expect(await page.getByTestId('review-card').count()).toBe(seedReviews.length);
    expect(
      await page.evaluate(() => (window as unknown as { shifted: number }).shifted),
    ).toBeLessThan(0.1);
    // A tap on a footer link at once is the link's.
    await page.locator('footer').getByRole('link', { name: 'Delivery' }).click();
    await page.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lays the part grid out in 1 column at 375px and 3 at 1280px', async () => {
    const columnsAt = async (width: number) => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL, {
        width,
        height: 800,
      });
      await page.goto('/');
      await page.getByTestId('part-card').first().waitFor();
      const columns = await page
        .getByTestId('part-grid')
        .evaluate(
          (el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length,
        );
      await context.close();
      return columns;
    };
    expect(await columnsAt(375)).toBe(1);
    expect(await columnsAt(1280)).toBe(3);
  });

  it('shows the reviews with name, rating, description and avatar', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/');
    const reviews = page.getByTestId('review-card');
    await reviews.first().waitFor();
    expect(await reviews.count()).toBe(seedReviews.length);
    const review = seedReviews[1]!;
    const card = reviews.filter({ hasText: review.name });
    expect(await card.getByText(review.description).count()).toBe(1);
    expect(await card.getByRole('img', { name: `Rated ${review.rating} out of 5` }).count()).toBe(
      1,
    );
    expect(await card.locator('img[src="/images/avatar.svg"]').count()).toBe(1);
    await context.close();
  });

  it('shows the brand in the navbar and this year in the footer', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/blogs');
    await page.getByTestId('brand').getByText('Ironclad Test Parts').waitFor();
    const year = new Date().getFullYear();
    expect(await page.getByTestId('copyright').textContent()).toBe(
      `Copyright © ${year} - All right reserved by Ironclad Test Parts`,
    );
    await context.close();
  });

  it('/blogs shows five questions with answers', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/blogs');
    await page.getByTestId('blog-entry').first().waitFor();
    expect(await page.getByTestId('blog-entry').count()).toBe(5);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(5);
    await context.close();
  });

  it('/portfolio shows the personal page', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/portfolio');
    await page.getByRole('heading', { name: 'Skills' }).waitFor();
    expect(await page.locator('a[href^="mailto:"]').count()).toBe(1);
    await context.close();
  });

  it('an unknown path shows the 404 image, loaded', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/no/such/page');
    const image = page.getByTestId('not-found-image');
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="not-found-image"]');
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await image.getAttribute('src')).toBe('/images/not-found.svg');
    await context.close();
  });

  it('shows Blogs and Portfolio in a menu on small screens', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL, {
      width: 375,
      height: 800,
    });
    await page.goto('/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await mainNav.getByRole('link', { name: 'Blogs' }).first().click();
    await page.waitForURL('**/blogs');
    await page.getByTestId('blog-entry').first().waitFor();
    expect(await page.getByTestId('blog-entry').count()).toBe(5);
    await context.close();
  });

  it('a route chunk that fails to load shows a reload message, not a blank page', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/');
    await page.getByTestId('part-card').first().waitFor();
    await page.route('**/assets/portfolio-*.js', (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Portfolio' })
      .last()
      .click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reload the page' }).count()).toBe(1);
    // The navbar stays, so the visitor is never stranded.
    expect(await page.getByTestId('brand').count()).toBe(1);
    await context.close();
  });

  it.each([
    ['/', 'Our Collection'],
    ['/blogs', 'What are the different ways to manage state in a React application?'],
    ['/portfolio', 'Skills'],
    ['/parts', 'All parts'],
  ])('serves %s prerendered, then hydrates it without a mismatch', async (path, text) => {
    const raw = await (await fetch(`${ctx.shop.baseURL}${path}`)).text();
    expect(raw).toContain(text);
    // It paints from its inline CSS: the stylesheet does not block it, the script waits.
    expect(/<style>([\s\S]*?)<\/style>/.exec(raw)?.[1]).toContain('.navbar{');
    const links = raw.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').match(/<link[^>]*>/g) ?? [];
    const stylesheets = links.filter((l) => l.includes('rel="stylesheet"'));
    expect(stylesheets).toEqual([]);
    expect(raw).toMatch(/<noscript><link rel="stylesheet"/);
    // The app and the stylesheet come from the deferred boot script, once the page has loaded.
    expect(raw).not.toMatch(/<script type="module"/);
    expect(raw).toMatch(/<script defer src="\/assets\/boot-[0-9a-f]+\.js" data-entry=/);
    // The shop's brand is in the served HTML, not the build's placeholder.
    expect(raw).toContain('Ironclad Test Parts');
    expect(raw).not.toContain(PRERENDERED_BRAND);
    const { context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto(path);
    await page.getByTestId('brand').getByText('Ironclad Test Parts').waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // The boot script added the full stylesheet, and it has loaded.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"]')].map(
          (l) => ((l as HTMLLinkElement).sheet?.cssRules.length ?? 0) > 0,
        ),
      ),
    ).toEqual([true]);
    await context.close();
  });

  it('paints first in its final colours: the full stylesheet changes no drawn element', async () => {
    // A rule the inline CSS missed shows the first paint wrong, and when the stylesheet comes
    // every element it changes runs its CSS transition on a phone's main thread (the theme's
    // colours were missing once: some 240 button transitions on /parts).
    const [part] = (await (await fetch(`${ctx.shop.baseURL}/api/parts?limit=1`)).json()) as {
      _id: string;
    }[];
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    const changed: string[] = [];
    for (const path of ['/', '/parts', `/parts/${part!._id}`, '/cart']) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The boot script runs once the page has loaded; what it fetches waits.
      const fetchedByBoot = (url: URL) =>
        url.pathname.startsWith('/assets/') && !url.pathname.includes('/boot-');
      await page.route(fetchedByBoot, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'load' });
      const drawn = () =>
        page.evaluate(() => {
          const w = window as unknown as { drawnElements?: Element[] };
          w.drawnElements ??= [...document.querySelectorAll('body *')];
          return w.drawnElements.map((element) => {
            if (!element.isConnected) return null;
            const style = getComputedStyle(element);
            const looks = ['color', 'background-color', 'border-top-color', 'box-shadow']
              .map((name) => style.getPropertyValue(name))
              .join(' | ');
            const disabled = (element as HTMLButtonElement).disabled ? ' [disabled]' : '';
            return `${element.tagName.toLowerCase()}.${element.className}: ${looks}${disabled}`;
          });
        });
      const before = await drawn();
      expect(before.length).toBeGreaterThan(30);
      release();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('link[rel="stylesheet"]')].some(
          (l) => ((l as HTMLLinkElement).sheet?.cssRules.length ?? 0) > 0,
        ),
      );
      await page.waitForLoadState('networkidle');
      const after = await drawn();
      before.forEach((looks, i) => {
        // A control the app enables when it takes a drawn page over (a hydrated page keeps its
        // elements, decision 070) changes by the app's doing, not the stylesheet's.
        const enabledByApp = looks?.endsWith(' [disabled]') !== after[i]?.endsWith(' [disabled]');
        if (looks && after[i] && looks !== after[i] && !enabledByApp)
          changed.push(`${path}: ${looks} → ${after[i]}`);
      });
      await page.unrouteAll();
    }
    expect(changed.slice(0, 10)).toEqual([]);
    await context.close();
  });

  it('lands without the locale or schema libraries: no Intl and no zod on /, /parts, a part page or a cart', async () => {
    // A page's first use of Intl loads the locale's data, 15-40 ms here and four times that on
    // a phone (decision 080): the pages a buyer lands on write their figures by hand. The schema
    // library and the contract's schemas cost as much to evaluate; forms load them.
    const [part] = (await (await fetch(`${ctx.shop.baseURL}/api/parts?limit=1`)).json()) as {
      _id: string;
      price: number;
    }[];
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL, {
      width: 412,
      height: 823,
    });
    await context.addInitScript(() => {
      const used: string[] = [];
      (window as unknown as { intlUsed: string[] }).intlUsed = used;
      for (const name of [
        'NumberFormat',
        'DateTimeFormat',
        'DisplayNames',
        'Collator',
        'PluralRules',
      ] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const counted = new Proxy(Original, {
          construct: (target, args) => (used.push(`Intl.${name}`), Reflect.construct(target, args)),
          apply: (target, self, args) => (
            used.push(`Intl.${name}`),
            Reflect.apply(target, self, args)
          ),
        });
        Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
      }
      const methods: [object, string][] = [
        [Number.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleDateString'],
        [String.prototype, 'localeCompare'],
      ];
      for (const [proto, method] of methods) {
        const original = (proto as Record<string, (...args: unknown[]) => unknown>)[method]!;
        Object.defineProperty(proto, method, {
          value: function (this: unknown, ...args: unknown[]) {
            used.push(method);
            return original.apply(this, args);
          },
          configurable: true,
          writable: true,
        });
      }
    });
    const schemaChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/zod-[^/]*\.js$/.test(request.url())) schemaChunks.push(request.url());
    });
    const intlUsed = () =>
      page.evaluate(() => [...(window as unknown as { intlUsed: string[] }).intlUsed]);
    const visited: Record<string, string[]> = {};
    for (const path of ['/', '/parts', `/parts/${part!._id}`]) {
      await page.goto(path);
      // Enabled once the app has taken the drawn page over.
      const add = page.getByRole('button', { name: 'Add to cart', exact: true }).first();
      await expect.poll(() => add.isEnabled()).toBe(true);
      await page.getByText(formatMoney(part!.price)).first().waitFor();
      visited[path] = await intlUsed();
    }
    // The part page's "Add to cart" fills the cart (a visitor's, in the browser).
    await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
    await page.getByTestId('cart-count').getByText('1').waitFor();
    await page.goto('/cart');
    await page.getByText(formatMoney(part!.price)).first().waitFor();
    visited['/cart'] = await intlUsed();
    expect(visited).toEqual({ '/': [], '/parts': [], [`/parts/${part!._id}`]: [], '/cart': [] });
    expect(schemaChunks).toEqual([]);
    // The counting works: the library is still there for a page that needs it.
    expect(await page.evaluate(() => (1234).toLocaleString('en-US'))).toBe('1,234');
    expect(await intlUsed()).toEqual(['toLocaleString']);
    await context.close();
  });

  it('takes over the cards on /parts as they come near the screen, and each then adds to the cart', async () => {
    // A phone shows four or five of the 24 cards; React walks the others only when they come
    // within a screen of view (decision 081). Until then they are the server's HTML.
    const { context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL, {
      width: 412,
      height: 823,
    });
    await page.goto('/parts');
    const cards = page.getByTestId('part-card');
    const add = (i: number) =>
      cards.nth(i).getByRole('button', { name: 'Add to cart', exact: true });
    await expect.poll(() => add(0).isEnabled()).toBe(true);
    const count = await cards.count();
    expect(count).toBeGreaterThan(12);
    await page.waitForLoadState('networkidle');
    const enabled = () =>
      cards.evaluateAll((all) =>
        all.map((card) => !card.querySelector<HTMLButtonElement>('button')?.disabled),
      );
    const atLoad = await enabled();
    expect(atLoad.slice(0, 2)).toEqual([true, true]);
    expect(atLoad.at(-1)).toBe(false);
    // Scrolled to, the last card is taken over: its button works.
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await enabled()).at(-1)).toBe(true);
    await add(count - 1).click();
    await page.getByTestId('cart-count').getByText('1').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves the folded filters and vehicle picker to the server on a phone until the first tap', async () => {
    // Folded behind their buttons on a phone, the filter links and the picker are neither walked
    // by React nor the picker's makes fetched while the page loads; the first tap takes them over.
    const { context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL, {
      width: 412,
      height: 823,
    });
    const vehicleRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/catalog/vehicles')
        vehicleRequests.push(request.url());
    });
    await page.goto('/parts');
    const firstAdd = page.getByRole('button', { name: 'Add to cart', exact: true }).first();
    await expect.poll(() => firstAdd.isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    const takenOver = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));
    const filterLink = '#catalog-filters a';
    expect(await takenOver(filterLink)).toBe(false);
    expect(await takenOver('[data-testid="vehicle-picker"] select')).toBe(false);
    expect(vehicleRequests).toEqual([]);

    // A document the app keeps: a navigation inside the app leaves this mark in place.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const category = page.locator('#catalog-filters section').first().getByRole('link').first();
    await category.waitFor();
    await expect.poll(() => takenOver(filterLink)).toBe(true);
    const count = (await category.locator('.badge').textContent())!;
    await category.click();
    await page.waitForURL(/[?&]category=/);
    await page.locator('#results-heading').getByText(`${count} parts`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

    await page.getByTestId('vehicle-picker-toggle').click();
    const make = page.getByLabel('Make');
    await expect.poll(() => make.locator('option').count()).toBeGreaterThan(1);
    expect(vehicleRequests.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps what a visitor typed in the search before the app took the page over, and suggests', async () => {
    // A phone shows the drawn search box well before the app's scripts have run.
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => /^\/assets\/index-[^/]+\.js$/.test(url.pathname),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/', { waitUntil: 'load' });
    const box = page.getByRole('combobox', { name: 'Search parts' });
    await box.pressSequentially('brake');
    release();
    await page.getByRole('option').first().waitFor();
    expect(await box.inputValue()).toBe('brake');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('serves other pages as an empty shell the browser renders', async () => {
    const raw = await (await fetch(`${ctx.shop.baseURL}/dashboard/my-orders`)).text();
    expect(raw).toContain('<div id="root"></div>');
    expect(raw).not.toContain('Our Collection');
  });

  it.each(['/', '/blogs', '/portfolio', '/nope'])(
    'has no serious accessibility violations on %s',
    async (path) => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
      await page.goto(path);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
