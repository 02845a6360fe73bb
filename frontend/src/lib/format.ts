const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money with two decimals, e.g. $1,250.00. */
export const formatMoney = (amount: number): string => usd.format(amount);
