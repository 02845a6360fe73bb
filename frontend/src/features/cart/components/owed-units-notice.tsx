import { owedUnitsText } from '@/lib/owed-units';
import { useGetPlacedOrderQuery } from '../api/placed-order-api';

/**
 * The confirmation's word on units sold past the unit stock (decisions.md "Stock"): each line
 * the server says still waits for a case, with its units. Nothing while it loads, on failure,
 * or when no line waits.
 */
export function OwedUnitsNotice({ orderId }: { orderId: string }) {
  const { data } = useGetPlacedOrderQuery(orderId);
  const owed = data?.items.filter((i) => i.owedUnits > 0) ?? [];
  if (owed.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="Units waiting for a case">
      {owed.map((i) => (
        <li key={i.id}>
          <span className="font-medium">{i.title}</span>: {owedUnitsText(i.owedUnits)}
        </li>
      ))}
    </ul>
  );
}
