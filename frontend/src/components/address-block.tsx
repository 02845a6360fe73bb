import { addressLines, type PostalAddress } from '@/lib/address';

export const NOT_PROVIDED = 'Not Provided';

/** An address, one line per line, or "Not Provided" when there is none. */
export function AddressBlock({ address, className = '' }: { address: PostalAddress | null | undefined; className?: string }) {
  if (!address) return <span className={className}>{NOT_PROVIDED}</span>;
  return (
    <address className={`not-italic ${className}`}>
      {addressLines(address).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
