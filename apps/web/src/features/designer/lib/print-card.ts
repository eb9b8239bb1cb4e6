/** Class on <html> while the designer prints: designer.css then hides all but the card. */
export const PRINT_CARD_CLASS = 'cc-print-card';

/** Prints only the designed card (`[data-designer-card]`) at its real size. */
export function printCard() {
  const root = document.documentElement;
  root.classList.add(PRINT_CARD_CLASS);
  const done = () => {
    root.classList.remove(PRINT_CARD_CLASS);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
