// Catalogue of the demo world, read only by the seed (server/seed): top-up rules: price, diamonds
// and bonus.

export const chargeRules: Array<[price: number, diamonds: number, bonus: number]> = [
  [6, 6, 0],
  [30, 30, 1],
  [98, 98, 5],
  [298, 298, 18],
  [588, 588, 40],
  [1888, 1888, 150],
];
