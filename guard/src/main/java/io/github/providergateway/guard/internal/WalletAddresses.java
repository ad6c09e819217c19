package io.github.providergateway.guard.internal;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a chain's money goes, replaced (decision 224): the extended public key a live wallet
 * derives its deposit addresses from ({@code xpub…}), anywhere but a test's file; and, in a file
 * whose path names production ({@code registry.live.yaml}), an address or a token's contract on a
 * real chain (an Ethereum {@code 0x…}, a Bitcoin {@code bc1…}, a Tron {@code T…}). A change that
 * keeps every old value and adds one is no replacement; a testnet's keys and addresses ({@code
 * tpub}, {@code tb1}) are no one's money.
 */
final class WalletAddresses {
  private WalletAddresses() {}

  /** A mainnet extended public key: what every deposit address of a wallet derives from. */
  private static final Pattern EXTENDED_KEY =
      Pattern.compile("\\b[xyzYZ]pub[1-9A-HJ-NP-Za-km-z]{100,112}\\b");

  /** An address or a contract on a real chain. */
  private static final Pattern ADDRESS =
      Pattern.compile(
          "\\b(?:0x[0-9a-fA-F]{40}|bc1[02-9ac-hj-np-z]{25,87}|T[1-9A-HJ-NP-Za-km-z]{33})\\b");

  /**
   * Whether the new text takes out a wallet's key or address the old text had and puts another in.
   *
   * @param old the text taken out
   * @param now the text put in
   * @param path the changed files' paths, joined
   */
  static boolean replaced(String old, String now, String path) {
    boolean live = Environments.namesProduction(path);
    Set<String> before = found(old, live);
    if (before.isEmpty()) {
      return false;
    }
    Set<String> after = found(now, live);
    return !after.containsAll(before) && !before.containsAll(after);
  }

  private static Set<String> found(String text, boolean live) {
    Set<String> values = new HashSet<>();
    collect(EXTENDED_KEY, text, values);
    if (live) {
      collect(ADDRESS, text, values);
    }
    return values;
  }

  private static void collect(Pattern pattern, String text, Set<String> into) {
    Matcher value = PatternLiterals.matcher(pattern, text);
    while (value.find()) {
      into.add(value.group());
    }
  }
}
