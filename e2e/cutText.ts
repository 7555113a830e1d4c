import { type Page } from '@playwright/test';
import { expect } from './test';

/**
 * Issue 28: text a person must read whole — buttons, tabs, badges, the options of a select or a
 * segmented control, table headers — is never cut by the layout. Cut means its text is wider
 * (or, for text clamped to a number of lines, taller) than its box, whether it spills out or is
 * hidden behind an ellipsis. Besides those kinds of elements, ANY element the page truncates with
 * `text-overflow: ellipsis` or a line clamp counts, unless it carries its whole text in a `title`
 * (a tooltip: what the desk's long lists do with a cell too long for its column).
 */
export interface CutText {
  /** What the element is: tag, role, test id or Mantine part. */
  readonly what: string;
  readonly text: string;
  /** How it is cut: its content's size against its box's (px). */
  readonly how: string;
}

/** Elements whose text is read whole. */
const READ_WHOLE = [
  'button',
  '[role="button"]',
  'a.mantine-Button-root',
  '.mantine-Button-inner',
  '.mantine-Button-label',
  '[role="tab"]',
  '.mantine-Tabs-tabLabel',
  '.mantine-Badge-root',
  '.mantine-Badge-label',
  '[role="option"]',
  '.mantine-SegmentedControl-label',
  '.mantine-SegmentedControl-control',
  '.mantine-Radio-label',
  '.mantine-Chip-label',
  'th',
  '[role="columnheader"]',
  '[data-testid="sync-indicator"]',
];

/**
 * Every element of the page whose text is cut (see above), except inside `exclude` (CSS
 * selectors of parts another check owns). Hidden elements (no box) are not looked at.
 */
export async function cutTexts(page: Page, exclude: readonly string[] = []): Promise<CutText[]> {
  return page.evaluate(
    ({ readWhole, exclude }) => {
      const out: { what: string; text: string; how: string }[] = [];
      const seen = new Set<Element>();
      const describe = (el: HTMLElement): string => {
        const parts = [el.tagName.toLowerCase()];
        const role = el.getAttribute('role');
        if (role) parts.push(`[role=${role}]`);
        const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
        if (testId) parts.push(`in [data-testid=${testId}]`);
        const mantine = [...el.classList].find((c) => c.startsWith('mantine-'));
        if (mantine) parts.push(`.${mantine}`);
        return parts.join(' ');
      };
      const visible = (el: HTMLElement): boolean => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none';
      };
      const excluded = (el: Element): boolean => exclude.some((s) => el.closest(s) !== null);
      const check = (el: HTMLElement, always: boolean) => {
        if (seen.has(el) || excluded(el) || !visible(el)) return;
        const style = getComputedStyle(el);
        const text = (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
        if (text === '') return;
        const clamp = style.getPropertyValue('-webkit-line-clamp');
        const clamped = clamp !== '' && clamp !== 'none';
        const ellipsis = style.textOverflow === 'ellipsis';
        if (!always && !ellipsis && !clamped) return;
        // A tooltip carrying the whole text reads it for the person (a cell of a long list).
        const title = el.closest('[title]')?.getAttribute('title') ?? '';
        if (!always && title.replace(/\s+/g, ' ').toLowerCase().includes(text.toLowerCase())) return;
        const wide = el.scrollWidth > el.clientWidth + 1;
        const tall = clamped && el.scrollHeight > el.clientHeight + 1;
        if (!wide && !tall) return;
        seen.add(el);
        out.push({ what: describe(el), text, how: wide ? `width ${el.scrollWidth} > ${el.clientWidth}` : `height ${el.scrollHeight} > ${el.clientHeight}` });
      };
      for (const el of document.querySelectorAll<HTMLElement>(readWhole.join(','))) check(el, true);
      for (const el of document.querySelectorAll<HTMLElement>('body *')) check(el, false);
      return out;
    },
    { readWhole: READ_WHOLE, exclude: [...exclude] },
  );
}

/**
 * Fails the test, naming each element and its text, when anything on the page is cut (see
 * `cutTexts`) or the page scrolls sideways. Soft: the test goes on to its other screens, so one
 * run lists everything cut, and fails at its end.
 */
export async function expectNothingCut(page: Page, where: string, exclude: readonly string[] = []): Promise<void> {
  const cut = await cutTexts(page, exclude);
  expect.soft(cut.map((c) => `«${c.text}» (${c.what}; ${c.how})`), `${where}: text cut at ${page.viewportSize()?.width ?? '?'} px`).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(sideways, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}
