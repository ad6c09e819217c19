package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A custody tool's export of what signs for a wallet (decision 224): a key share of a threshold
 * (MPC) vault, a shard, a seed or a private key written out by a command word {@code export}
 * ({@code mpcctl backup export --vault treasury-cold --share 2 --out /tmp/…}). Each share exported
 * brings whoever holds the file a step nearer the quorum that signs; shares leave only in a
 * ceremony. A vault, a network or an environment that says test, development or a local chain
 * ({@code --env regtest}, {@code dev-vault}) holds no one's money.
 */
final class KeyShareExports {
  private KeyShareExports() {}

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "exports-key-share",
        CallClues.of("export").around((scan, step, read) -> exports(step))); // hasExport's word
  }

  /** An option or a word naming what signs: a share, a shard, a seed, a mnemonic, a private key. */
  private static final Pattern SIGNING_PART =
      Pattern.compile(
          "^(?:--?)?(?:key-?|signing-?)?(?:shares?|shards?)(?:=.*)?$"
              + "|^(?:--?)?(?:mnemonic|seed(?:-?phrase)?|private-?keys?|priv-?keys?|secret-?keys?)(?:=.*)?$");

  /** Words of a place that holds no one's money. */
  private static final Pattern NO_MONEY =
      Pattern.compile(
          "regtest|testnet|devnet|localnet|signet|sepolia|holesky|goerli|anvil|ganache");

  /** Whether the program exports what signs, for a place that holds money. */
  private static boolean exports(Step step) {
    if (!hasExport(step.args())) {
      return false; // asked of every program: the command word first, no word lower-cased
    }
    boolean export = false;
    boolean signing = false;
    boolean noMoney = false;
    for (Word word : step.args()) {
      String text = word.text().toLowerCase(Locale.ROOT);
      export |= text.equals("export");
      signing |= PatternLiterals.matches(SIGNING_PART, text);
      noMoney |= PatternLiterals.finds(NO_MONEY, text);
    }
    return export && signing && !noMoney && !PersonLookups.namesTestPlace(step.args());
  }

  /**
   * Whether a word is {@code export} in any case: as its lower case would be, since no letter past
   * ASCII is one of export's in either case.
   */
  private static boolean hasExport(java.util.List<Word> args) {
    for (int i = 0; i < args.size(); i++) { // indexed: asked of every program of a long command
      if (args.get(i).text().equalsIgnoreCase("export")) {
        return true;
      }
    }
    return false;
  }
}
