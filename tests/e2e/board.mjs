// What the play page's board shows, read from its accessible names, and a
// click on one of its holes: shared by the end-to-end test files.

export async function boardState(page) {
  return page.evaluate(() => {
    const holes = { A: [], B: [] };
    for (const g of document.querySelectorAll('[data-board=main] .hole')) {
      const m = g.getAttribute('aria-label').match(/(\d+) seeds?$/);
      holes[g.dataset.side][Number(g.dataset.hole) - 1] = Number(m[1]);
    }
    const stores = {};
    for (const g of document.querySelectorAll('[data-board=main] .store')) {
      stores[g.dataset.store] = Number(g.getAttribute('aria-label').match(/(\d+) seeds?$/)[1]);
    }
    return { holes, stores };
  });
}

export const clickHole = (page, side, hole) => page.locator(`[data-board=main] [data-side=${side}][data-hole="${hole}"] .recess`).click();
