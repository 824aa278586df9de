/** Credits as the checkout writes them: whole numbers with thousands separators. */
export const formatCredits = (n: number): string => n.toLocaleString('en-US')
