package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A chain node's or an exchange's wallet acted on (session 18, round 75's exchange engineer): an
 * account unlocked ({@code personal.unlockAccount(…, null, 0)} by {@code geth attach --exec} or
 * {@code personal_unlockAccount} sent to the node's RPC), the chain's head set back ({@code
 * debug_setHead}, by websocat, curl or {@code cast rpc}), a wallet swept of all it holds by a
 * runner's task ({@code make … sweep … AMOUNT=all}), and an asset delisted with immediate effect
 * ({@code kx-list delist … --effective now}). A node on this machine ({@code localhost}, {@code
 * 127.0.0.1}, {@code geth --dev}, anvil, hardhat, ganache) is a developer's own.
 */
final class ChainNodeActs {
  private ChainNodeActs() {}

  /** The node's methods that unlock an account or set its head back. */
  private static final Pattern NODE_ACTS =
      Pattern.compile(
          "\\b(personal[._]unlockAccount|debug[._]setHead|personal[._]importRawKey"
              + "|debug[._]resetHead|admin[._]importChain)\\b");

  /** A node of this machine or a developer's chain. */
  private static final Pattern LOCAL_NODE =
      Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|\\[::1]|--dev\\b|\\banvil\\b|hardhat|ganache");

  /** A runner's task that sweeps a wallet. */
  private static final Pattern SWEEP =
      Pattern.compile("(?i)^(?:[\\w-]+[:-])?sweep(?:[-_:][\\w-]+)?$");

  /** An amount that is everything the wallet holds. */
  private static final Pattern ALL_AMOUNT =
      Pattern.compile("(?i)^(?:--)?(?:amount|amt|value)=(?:all|max|everything)$|^--(?:all|max)$");

  /** The word all or max after the sweep's task ({@code just sweep hot-eth all}). */
  private static final Pattern ALL_WORD = Pattern.compile("(?i)^(?:all|max)$");

  /** The word after an amount option. */
  private static final Pattern AMOUNT_OPTION = Pattern.compile("(?i)^--?(?:amount|amt|value)$");

  /** A word that makes a delisting take effect now. */
  private static final Pattern NOW =
      Pattern.compile("(?i)^(?:--)?(?:effective=)?(?:now|immediate(?:ly)?)$|^--now$");

  /**
   * The node's method that unlocks an account or sets the chain's head back, sent to a node not on
   * this machine.
   *
   * @param scan the call
   * @return the method, or {@code null}
   */
  static String nodeActs(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return null;
    }
    Matcher method = NODE_ACTS.matcher(source);
    if (!method.find() || LOCAL_NODE.matcher(source).find()) {
      return null;
    }
    return method.group(1);
  }

  /**
   * Whether a runner's task sweeps a wallet of all it holds.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean sweepsAll(Step step) {
    boolean sweep = false;
    boolean all = false;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      sweep |= SWEEP.matcher(text).matches();
      all |= ALL_AMOUNT.matcher(text).matches() || sweep && ALL_WORD.matcher(text).matches();
      if (AMOUNT_OPTION.matcher(text).matches() && i + 1 < args.size()) {
        String next = args.get(i + 1).text().toLowerCase(Locale.ROOT);
        all |= next.equals("all") || next.equals("max");
      }
    }
    return sweep && all && !dryRun(args);
  }

  /**
   * Whether an asset or a market is delisted with immediate effect.
   *
   * @param step the program
   * @return whether it is
   */
  static boolean delistsNow(Step step) {
    boolean delist = false;
    boolean now = false;
    List<Word> args = step.args();
    for (Word word : args) {
      String text = word.text();
      delist |= text.equalsIgnoreCase("delist");
      now |= NOW.matcher(text).matches();
    }
    return delist && now && !dryRun(args) && !testPlace(args);
  }

  private static boolean testPlace(List<Word> args) {
    for (Word word : args) {
      if (TEST_PLACE.matcher(word.text()).find()) {
        return true;
      }
    }
    return false;
  }

  /** A test exchange's or market's place, by its words. */
  private static final Pattern TEST_PLACE =
      Pattern.compile("(?i)(?:^|[=-])(?:staging|sandbox|testnet|test|uat|dev)$");

  private static boolean dryRun(List<Word> args) {
    for (Word word : args) {
      String text = word.text().toLowerCase(Locale.ROOT);
      if (text.equals("--dry-run") || text.equals("dry_run=1") || text.equals("dry_run=true")) {
        return true;
      }
    }
    return false;
  }
}
