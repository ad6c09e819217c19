package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * The acting verbs of the languages trades write their own scripts and tools in, beside English
 * (session 19, issue 80's blind rounds: {@code mahnung.py --senden}, {@code elster/ustva.py
 * --senden}): German, French, Spanish, Portuguese, Italian, Dutch, the Scandinavian languages and
 * Polish, each as written with and without its accents ({@code löschen}, {@code loeschen}). A
 * word's part ({@link ServiceVerbs#split}) is read, as an English verb is ({@link TradeVerbs}).
 * Left out where the word is also an ordinary noun or an English word a tool may print: German
 * {@code zahlen} (numbers), Dutch {@code wissen} (German: knowledge), French {@code signer} and
 * {@code valider}.
 */
final class ForeignActVerbs {
  private ForeignActVerbs() {}

  /** Verbs that send, publish, file, pay or transfer: what leaves for someone else. */
  private static final Set<String> SENDS =
      NameSet.of(
          // German
          "senden",
          "versenden",
          "absenden",
          "verschicken",
          "abschicken",
          "übermitteln",
          "uebermitteln",
          "einreichen",
          "veröffentlichen",
          "veroeffentlichen",
          "bezahlen",
          "überweisen",
          "ueberweisen",
          "abbuchen",
          "erstatten",
          "mahnen",
          // French
          "envoyer",
          "publier",
          "soumettre",
          "transmettre",
          "diffuser",
          "payer",
          "rembourser",
          "virer",
          // Spanish and Portuguese
          "enviar",
          "publicar",
          "presentar",
          "transferir",
          "pagar",
          "reembolsar",
          // Italian
          "inviare",
          "pubblicare",
          "trasmettere",
          "pagare",
          "bonificare",
          // Dutch
          "verzenden",
          "versturen",
          "publiceren",
          "indienen",
          "betalen",
          "overmaken",
          // Scandinavian
          "skicka",
          "sende",
          "publicera",
          "publisere",
          "betala",
          "betale",
          // Polish
          "wyslij",
          "wyślij",
          "zaplac",
          "zapłać");

  /** Verbs that delete, cancel or end: what cannot be had back. */
  private static final Set<String> DESTROYS =
      NameSet.of(
          "löschen",
          "loeschen",
          "entfernen",
          "stornieren",
          "kündigen",
          "kuendigen",
          "supprimer",
          "effacer",
          "annuler",
          "résilier",
          "resilier",
          "borrar",
          "eliminar",
          "cancelar",
          "anular",
          "apagar",
          "excluir",
          "eliminare",
          "cancellare",
          "annullare",
          "verwijderen",
          "annuleren",
          "radera",
          "slette",
          "usun",
          "usuń");

  /** Verbs that carry out, sign, book, block or release. */
  private static final Set<String> OTHERS =
      NameSet.of(
          "ausführen",
          "ausfuehren",
          "signieren",
          "unterschreiben",
          "buchen",
          "sperren",
          "freigeben",
          "exécuter",
          "executer",
          "bloquer",
          "ejecutar",
          "executar",
          "firmar",
          "assinar",
          "bloquear",
          "eseguire",
          "firmare",
          "uitvoeren",
          "ondertekenen",
          "blokkeren");

  /** Whether a word's part is an acting verb of one of these languages. */
  static boolean verb(String part) {
    return SENDS.contains(part) || DESTROYS.contains(part) || OTHERS.contains(part);
  }

  /**
   * Whether a word's part sends something away: {@code senden}, {@code envoyer}, {@code enviar}.
   */
  static boolean sends(String part) {
    return SENDS.contains(part);
  }

  /**
   * Whether a word's part sends or destroys, as shape-words.json's {@code sendingOptions} and
   * {@code strongVerbs} do in English: {@code --senden}, {@code --loeschen}.
   */
  static boolean sendsOrDestroys(String part) {
    return SENDS.contains(part) || DESTROYS.contains(part);
  }
}
