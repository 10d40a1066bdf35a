import { Card } from './card.tsx';
import { Image } from './image.tsx';
import styles from './goods-card.module.css';

export interface GoodsCardProps {
  /** The goods' name: the card's heading. */
  name: string;
  /** The picture; empty shows a neutral picture. */
  img: string;
  /** A line or two about what the goods are. */
  description: string;
  /** What kind of goods, in words ('Gift', 'Horn', 'Physical'). */
  kindLabel: string;
  /** The price, in words with its currency ('50 coins'). */
  priceLabel: string;
  /** The stock, in words ('12 left', 'Plenty in stock'). */
  stockLabel: string;
  /** The per-user limit, in words ('Limit 2 per user'); absent when unlimited. */
  limitLabel?: string;
  /** What the button says ('Exchange', or 'Sold out' when it cannot be pressed). */
  actionLabel: string;
  /** Nothing left: the button is greyed out. */
  soldOut: boolean;
  /** Called when the button is pressed. */
  onExchange: () => void;
  /** The heading level in the page's outline; defaults to 3. */
  headingLevel?: 2 | 3 | 4;
}

/** Goods of the exchange mall: picture, name, what it is, price in coins, stock and the button to exchange. */
export function GoodsCard({ name, img, description, kindLabel, priceLabel, stockLabel, limitLabel, actionLabel, soldOut, onExchange, headingLevel }: GoodsCardProps) {
  return (
    <Card
      title={name}
      headingLevel={headingLevel}
      media={
        <div className={styles.picture}>
          <Image src={img} alt="" fit="contain" />
          <span className={styles.kind}>{kindLabel}</span>
        </div>
      }
    >
      <p className={styles.description}>{description}</p>
      <span className={styles.stock}>
        {stockLabel}
        {limitLabel ? ` · ${limitLabel}` : ''}
      </span>
      <div className={styles.footer}>
        <span className={styles.price}>{priceLabel}</span>
        <button type="button" className={styles.exchange} disabled={soldOut} onClick={onExchange} aria-label={`${actionLabel}: ${name}`}>
          {actionLabel}
        </button>
      </div>
    </Card>
  );
}
