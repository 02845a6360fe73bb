/**
 * decisions.md "Stock": units sold while the unit stock was short ship once a case is opened.
 * The number always comes from the server (the quote, the order, the case break request); this
 * only words it.
 */
export const owedUnitsText = (units: number): string =>
  units === 1 ? '1 unit ships once a case is opened' : `${units} units ship once a case is opened`;
