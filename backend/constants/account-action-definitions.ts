import { DELAY_FREE_DAYS } from "./account-actions";

// What each contract action does, said on its page before anything changes. Apart from the actions' names
// so that the sale page, which only links to the actions, does not load these texts.

export const ACTION_DEFINITIONS = {
  delay: `A delay extends the account's credit by the days given without a payment: every installment not yet fully paid moves by the same days (paid ones never change) and each tokenable device gets a token for the days. Up to ${DELAY_FREE_DAYS} days once a day for sales staff; longer or more often needs a manager.`,
  default:
    "Marking an account defaulted counts it as defaulted now, before it is 90 days late; undoing it gives the account back the status its payments give it.",
  token:
    "A token for one of the sale's devices, for a number of days or to unlock it for good, as the device page issues it; the customer receives it by e-mail. Tokens a payment buys are issued with the payment.",
  repossess:
    'Record each visit to take the unit back. On "Collected" the account becomes repossessed: its devices leave the sale and go back to stock under the returned stock item chosen (in the first active warehouse that takes returned stock), and each tokenable device gets a reset token (credit set to zero) so it can be sold again.',
  payoff:
    "Early payoff: what the customer owes to own the unit today is the outstanding balance (the sale's total less everything paid), with no discount: the installment price was agreed as one price, with no interest separate from it to take off (decision 040). Accepting records a cash payment of that amount: the account completes and each device gets its unlock token by e-mail.",
  cancel:
    "Cancelling closes the sale and its account: its stock goes back to the batches it came from and its devices are unlinked. What the business will pay back is recorded as a refund due (as money that arrives after a cancellation is), at most what was paid; ₦0 records none.",
  resendToken:
    "The sale's latest token goes to the customer again, unchanged (by SMS, or by e-mail without a mobile number): nothing new is issued.",
  restructure: `Restructuring spreads what is still unpaid (the sale's total less everything paid) over new monthly installments: a number of them, or a monthly amount (the last one takes what is left), the first on the date given and then monthly. Paid installments never change; a partly paid one keeps its paid part. Nothing is added or taken off the total. The old schedule is kept on the timeline. Each tokenable device gets a token that sets its credit to the first new due date (never less than it has), and payments after it buy 30 days per new monthly amount.`,
  swap: `A swap replaces one of the sale's devices with another from stock: the new one leaves stock (one unit of its stock item) and takes the old one's place on the sale; the old one goes back to stock under a returned-class item, or aside as faulty (not offered to a sale again). The new device gets a token that sets it to the credit the account has (an unlock token when the sale is paid), and later tokens are counted on it. Both devices' pages show the swap.`,
  writeOff:
    "A write-off closes a defaulted account as a loss: its outstanding balance leaves the active book and PAR and is counted under Written off. Payments still received are recorded as usual.",
} as const;
