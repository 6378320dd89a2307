# English: the prize list (entry fee, deduction, pot, money and goods by place).

prize-title = Prize list
prize-hint = The entry fees less the deduction make the pot; the first places are paid, money and goods by place. Amounts in euros such as 12.50 or 12,50, shares such as 40 %.
prize-fee = Entry fee per entrant (euros)
prize-deduction = Deduction from the fees (euros or %)
prize-deduction-hint = The room, the club's share: an amount (30.00) or a share of the fees (10 %).
prize-paid = The first … % of the field are paid
prize-paid-hint = Leave empty: as many places as prizes are listed.
prize-money = Money by place
prize-money-hint = One line per place, the first place first: an amount (50.00) or a share of the pot (40 %).
prize-goods = Goods by place
prize-goods-hint = One line per place, the first place first; an empty line: no goods for that place.
prize-edit = Change the prize list
prize-save = Save the prize list
prize-none = This tournament has no prize list.
prize-fees = Fees: { $entrants ->
    [one] one entrant
   *[other] { $entrants } entrants
  } × { $fee } = { $fees }
prize-deducted = Deduction: { $deduction }
prize-pot = Pot: { $pot }
prize-rest = Left in the pot: { $rest }
prize-preview = Prizes by place in this field. The names follow here after "Finish the tournament".
prize-final = Prizes by the final standings. Entrants tied share the money of their places.
prize-col-prize = Prize
prize-col-goods = Goods
prize-shared = shared
prize-finished = The tournament is finished: its prize list stays as it is.
prize-refused = The prize list was not saved: { $reason }
prize-cannot-pay = The prize list cannot be paid like this: { $reason }
prize-refused-over-pot = The prizes ({ $paid }) exceed the pot ({ $pot }).
prize-refused-deduction = The deduction ({ $deduction }) exceeds the fees ({ $fees }).
prize-refused-shares = The shares add up to { $shares }, more than 100 % of the pot.
error-prize-fee = The entry fee is not an amount: for example 12.50 or 12,50 (two decimal places at most).
error-prize-deduction = The deduction is neither an amount (30.00) nor a share up to 100 % (10 %).
error-prize-paid = From 1 to 100 % of the field can be paid.
error-prize-money = Money by place: each line an amount (50.00) or a share up to 100 % (40 %), 50 places at most.
error-prize-goods = Goods: each line 100 characters at most, 50 places at most.
error-prize-shares = The shares of the pot add up to more than 100 %.
error-prize-over-pot = The prizes exceed the pot.
error-prize-deduction-over = The deduction exceeds the fees.
