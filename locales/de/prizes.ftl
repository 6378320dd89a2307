# Deutsch: die Preisliste (Startgeld, Abzug, Topf, Geld und Sachpreise je Platz).

prize-title = Preisliste
prize-hint = Startgeld und Abzug ergeben den Topf; bezahlt werden die ersten Plätze, Geld und Sachpreise je Platz. Beträge in Euro wie 12,50 oder 12.50, Anteile wie 40 %.
prize-fee = Startgeld je Anmeldung (Euro)
prize-deduction = Abzug vom Startgeld (Euro oder %)
prize-deduction-hint = Zum Beispiel Saalmiete oder Vereinsanteil: ein Betrag (30,00) oder ein Anteil der Startgelder (10 %).
prize-paid = Bezahlt werden die ersten … % des Feldes
prize-paid-hint = Leer lassen: so viele Plätze, wie Preise eingetragen sind.
prize-money = Geld je Platz
prize-money-hint = Eine Zeile je Platz, der erste Platz zuerst: ein Betrag (50,00) oder ein Anteil am Topf (40 %).
prize-goods = Sachpreise je Platz
prize-goods-hint = Eine Zeile je Platz, der erste Platz zuerst; eine leere Zeile: kein Sachpreis für diesen Platz.
prize-edit = Preisliste ändern
prize-save = Preisliste speichern
prize-none = Dieses Turnier hat keine Preisliste.
prize-fees = Startgelder: { $entrants ->
    [one] eine Anmeldung
   *[other] { $entrants } Anmeldungen
  } × { $fee } = { $fees }
prize-deducted = Abzug: { $deduction }
prize-pot = Topf: { $pot }
prize-rest = Rest im Topf: { $rest }
prize-preview = Preise je Platz bei diesem Feld. Die Namen stehen hier nach „Turnier abschließen“.
prize-final = Preise nach dem Endstand. Gleichplatzierte teilen sich das Geld ihrer Plätze.
prize-col-prize = Preis
prize-col-goods = Sachpreis
prize-shared = geteilt
prize-finished = Das Turnier ist abgeschlossen: die Preisliste bleibt, wie sie ist.
prize-refused = Die Preisliste wurde nicht gespeichert: { $reason }
prize-cannot-pay = So kann die Preisliste nicht bezahlt werden: { $reason }
prize-refused-over-pot = Die Preise ({ $paid }) übersteigen den Topf ({ $pot }).
prize-refused-deduction = Der Abzug ({ $deduction }) übersteigt die Startgelder ({ $fees }).
prize-refused-shares = Die Anteile ergeben { $shares }, mehr als 100 % des Topfs.
error-prize-fee = Das Startgeld ist kein Betrag: zum Beispiel 12,50 oder 12.50 (höchstens zwei Nachkommastellen).
error-prize-deduction = Der Abzug ist weder ein Betrag (30,00) noch ein Anteil bis 100 % (10 %).
error-prize-paid = Bezahlt werden 1 bis 100 % des Feldes.
error-prize-money = Geld je Platz: jede Zeile ein Betrag (50,00) oder ein Anteil bis 100 % (40 %), höchstens 50 Plätze.
error-prize-goods = Sachpreise: jede Zeile höchstens 100 Zeichen, höchstens 50 Plätze.
error-prize-shares = Die Anteile am Topf ergeben mehr als 100 %.
error-prize-over-pot = Die Preise übersteigen den Topf.
error-prize-deduction-over = Der Abzug übersteigt die Startgelder.
