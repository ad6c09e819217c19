package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the book's {@code person} rules ask in code (issue 80, decision 96): a commit in another
 * identity ({@code git-identity-overridden}, {@code writes-signoff-line}); a transaction on a chain
 * that is not this machine's or a test network's ({@code chain-not-local}, {@code
 * sends-chain-transaction}); a registrar's purchase ({@code buys-domain-api}); the clock set by
 * {@code date MMDDhhmm} ({@code date-sets-time}).
 */
final class PersonPredicates {
  /** {@code date}'s time to set: MMDDhhmm[[CC]YY][.ss], compiled once, not per word. */
  private static final java.util.regex.Pattern DATE_SET =
      java.util.regex.Pattern.compile("\\d{8,12}(?:\\.\\d{2})?");

  /** The names of chains that are this machine's or a test network's. */
  private static final List<String> TEST_CHAINS = ChainNetworks.TEST_CHAINS;

  /** The calls that send a transaction on a chain. */
  private static final List<String> CHAIN_SENDS =
      List.of(
          "eth_sendRawTransaction",
          "eth_sendTransaction",
          "sendRawTransaction",
          "send_raw_transaction",
          "send_transaction(",
          "sendTransaction(",
          "sendAndConfirmTransaction",
          "signAndSendTransaction",
          "sendtoaddress(",
          "sendmany(");

  /** An exchange's calls, through ccxt, that move the person's money. */
  private static final List<String> EXCHANGE_ORDERS =
      List.of(
          ".withdraw(",
          "create_order(",
          "create_market_order",
          "createOrder(",
          "createMarketOrder");

  /** Registrars' API calls that buy a domain or stop its renewal. */
  private static final List<String> REGISTRAR_BUYS =
      List.of(
          "api.godaddy.com/v1/domains/purchase",
          "namecheap.domains.create",
          "namecheap.domains.transfer.create",
          "api.gandi.net/v5/domain/domains",
          "api.porkbun.com/api/json/v3/domain/create",
          "autorenew=false",
          "\"autorenew\":false",
          "\"auto_renew\":false",
          "\"autorenew\": false",
          "\"auto_renew\": false");

  private PersonPredicates() {}

  /** Adds the program predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("git-identity-overridden", PersonPredicates::gitIdentityOverridden);
    named.put(
        "writes-signoff-line",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.length() < 10_000
                && text.toLowerCase(Locale.ROOT).contains("signed-off-by:")) {
              return true;
            }
          }
          return false;
        });
    named.put("chain-not-local", PersonPredicates::chainNotLocal);
    named.put("sends-chain-transaction", PersonPredicates::sendsChainTransaction);
    named.put(
        "buys-domain-api",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.length() < 4000
                && OtherHosts.has(text.toLowerCase(Locale.ROOT), REGISTRAR_BUYS)) {
              return true;
            }
          }
          return OtherHosts.has(InterpreterCode.of(step), REGISTRAR_BUYS);
        });
    named.put(
        "date-sets-time",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (PatternLiterals.matches(DATE_SET, word.text())) {
              return true; // date MMDDhhmm[[CC]YY][.ss]
            }
          }
          return false;
        });
  }

  private static boolean sendsChainTransaction(Scan scan, Step step, Where.Read read) {
    String text = step.interpreter() ? InterpreterCode.of(step) : Scan.render(step.invocation());
    boolean exchange =
        OtherHosts.has(text, List.of("ccxt")) && OtherHosts.has(text, EXCHANGE_ORDERS);
    if (!exchange && !OtherHosts.has(text, CHAIN_SENDS)) {
      return false;
    }
    return !OtherHosts.has(text.toLowerCase(Locale.ROOT), TEST_CHAINS);
  }

  private static boolean gitIdentityOverridden(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    boolean identity = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String setting = null;
      if (text.equals("-c") && i + 1 < args.size()) {
        setting = args.get(i + 1).text();
      } else if (text.startsWith("-c") && text.length() > 2) {
        setting = text.substring(2);
      }
      if (setting != null) {
        String s = setting.toLowerCase(Locale.ROOT);
        if ((s.startsWith("user.name=")
                || s.startsWith("user.email=")
                || s.startsWith("author.")
                || s.startsWith("committer."))
            && !agentsOwn(s.substring(s.indexOf('=') + 1))) {
          identity = true;
        }
      }
    }
    // The command's text read once a call, however many of its programs are git's.
    if (!identity
        && !scan.once("PersonPredicates.identityInText", PersonPredicates::identityInText)) {
      return false;
    }
    return COMMITTING.contains(gitSubcommand(args));
  }

  /** git's subcommands that write the identity into what they make. */
  private static final Set<String> COMMITTING =
      NameSet.of("commit", "commit-tree", "merge", "am", "revert", "cherry-pick", "tag", "rebase");

  /**
   * Whether the command's text sets git's identity: {@code git config user.name …}, its variables.
   */
  private static boolean identityInText(Scan scan) {
    String source = OtherHosts.source(scan);
    return source.length() < 64 * 1024
        && (source.contains("config")
                && (setsValue(source, "user.name ") || setsValue(source, "user.email "))
            || source.contains("GIT_AUTHOR_NAME=")
            || source.contains("GIT_AUTHOR_EMAIL=")
            || source.contains("GIT_COMMITTER_NAME=")
            || source.contains("GIT_COMMITTER_EMAIL="));
  }

  /**
   * Whether a name or address given to git is an agent's or a bot's own rather than a person's:
   * {@code Codex}, {@code codex@openai.com}, {@code noreply@anthropic.com}, {@code ci-bot}, how an
   * agent commits where no identity is configured. A commit in such a name is no one's forged.
   */
  static boolean agentsOwn(String value) {
    String v = value.strip().replace("\"", "").replace("'", "").toLowerCase(Locale.ROOT);
    if (v.isEmpty()) {
      return false;
    }
    if (v.endsWith("[bot]") || v.contains("noreply")) {
      return true;
    }
    for (String word : AGENT_IDENTITY_WORDS) {
      if (v.startsWith(word)
          && (v.length() == word.length() || "@ -".indexOf(v.charAt(word.length())) >= 0)) {
        return true;
      }
    }
    return false;
  }

  /** The words an agent's or a bot's own git identity begins with. */
  private static final List<String> AGENT_IDENTITY_WORDS =
      List.of(
          "claude",
          "codex",
          "copilot",
          "gemini",
          "agent",
          "ai agent",
          "coding agent",
          "bot",
          "ci",
          "automation",
          "github-actions",
          "dependabot",
          "renovate");

  /** git's subcommand: its first word past git's own options and their values. */
  private static String gitSubcommand(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-c")
          || text.equals("-C")
          || text.equals("--git-dir")
          || text.equals("--work-tree")
          || text.equals("--namespace")) {
        i++;
      } else if (!text.startsWith("-")) {
        return text;
      }
    }
    return "";
  }

  /**
   * Whether a setting's name in a command is followed by a value (not by {@code &&} or the end).
   */
  private static boolean setsValue(String source, String key) {
    for (int at = source.indexOf(key); at >= 0; at = source.indexOf(key, at + 1)) {
      int i = at + key.length();
      while (i < source.length() && source.charAt(i) == ' ') {
        i++;
      }
      if (i < source.length() && "&;|\n)".indexOf(source.charAt(i)) < 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean chainNotLocal(Scan scan, Step step, Where.Read read) {
    return ChainNetworks.notLocal(scan, step); // decision 109: one notion of mainnet
  }
}
