import { api } from '@/lib/api';

export interface ShippingTier {
  minimum: number;
  anywhere: number;
  terminal: number;
}

export interface ShippingRates {
  liftGateFee: number;
  showShipping: number;
  apparelOnlyShipping: number;
  tables: { retail: ShippingTier[]; wholesale: ShippingTier[]; combo: ShippingTier[] };
  nonShippedStates: string[];
  taxRates: Record<string, number>;
}

export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShippingRates: build.query<ShippingRates, void>({
      query: () => '/shipping/rates',
      providesTags: ['ShippingRates'],
    }),
  }),
});

export const { useGetShippingRatesQuery } = shippingApi;
