package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Protections a household set, lifted (session 16, {@code network.household-guard-lifted}): a DNS
 * filter's allowlist given the sites it blocks (Pi-hole's {@code -w} and {@code allow}, its API's
 * allow lists, AdGuard Home's {@code @@||} rules, its parental, safe-search and safe-browsing
 * filters turned off), a child's screen time set by {@code timekpra --set…} or {@code
 * malcontent-client set-…}, two-factor login removed from someone's account ({@code occ
 * twofactorauth:disable}, an admin API's {@code remove-2fa}), and a router's SSH or a port forward
 * opened on the WAN (uci, LuCI's ubus JSON-RPC, a router's configuration written by a file tool).
 * Reads, lists, a block added and a forward from the LAN are ordinary. Registered by {@link
 * HousePredicates}.
 */
final class HouseholdGuards {
  private HouseholdGuards() {}

  /** Pi-hole's words that allow a domain (v5 and v6). */
  private static final Set<String> PIHOLE_ALLOWS =
      NameSet.of(
          "-w",
          "whitelist",
          "allow",
          "allowlist",
          "--white-regex",
          "--white-wild",
          "--allow-regex",
          "--allow-wild",
          "allow-regex",
          "allow-wild");

  /** Pi-hole's words that make an allow a read or a removal. */
  private static final Set<String> PIHOLE_READS =
      NameSet.of("-d", "--delmode", "remove", "-l", "--list", "list", "-q", "-h", "--help");

  /** A request's paths that lift a filter or a second factor. */
  private static final List<String> LIFTING_PATHS =
      List.of(
          "/remove-2fa",
          "/remove-totp",
          "/disable-2fa",
          "/reset-2fa",
          "/2fa/disable",
          "/mfa/disable",
          "/remove-mfa",
          "/disable-mfa",
          "/reset-mfa",
          "/two-factor/disable",
          "/twofactor/disable",
          "/control/parental/disable",
          "/control/safesearch/disable",
          "/control/safebrowsing/disable",
          "list=white&add=",
          "/api/domains/allow");

  private static final Set<String> TWO_FACTOR_OFF =
      NameSet.of("twofactorauth:disable", "twofactorauth:cleanup");

  /** A router's remote access opened on the WAN: dropbear there, a forward from there. */
  private static final Pattern WAN_OPENED =
      Pattern.compile(
          "dropbear\\S*\\.interface=['\"]?wan\\b|redirect\\S*\\.src=['\"]?wan\\b"
              + "|\"config\"\\s*:\\s*\"dropbear\".*\"interface\"\\s*:\\s*\"wan\""
              + "|\"config\"\\s*:\\s*\"firewall\".*\"redirect\".*\"src\"\\s*:\\s*\"wan\"");

  /** A router's configuration's block that opens it on the WAN. */
  private static final Pattern WAN_BLOCK =
      Pattern.compile(
          "(?s)config\\s+redirect\\b(?:(?!\\nconfig\\s).)*?option\\s+src\\s+['\"]?wan\\b"
              + "|config\\s+dropbear\\b(?:(?!\\nconfig\\s).)*?option\\s+interface\\s+['\"]?wan\\b");

  /**
   * A call that names none of the programs {@link #lifted} reads (nor Nextcloud's {@code occ})
   * lifts nothing: the names, {@code http} for {@code https} too and {@code curl} for {@code
   * curlie}.
   */
  static final CallClues NAMED =
      CallClues.of(
          "pihole",
          "timekpra",
          "malcontent-client",
          "occ",
          "curl",
          "wget",
          "http",
          "xh",
          "uci",
          "ubus");

  /**
   * What a program lifts, as the reason shows it, or {@code null}. Nextcloud's command is read
   * where {@code occ} runs it (a grep for its name is no command).
   */
  static String lifted(Step step) {
    List<Word> args = step.args();
    String program = step.program();
    List<String> words = new ArrayList<>();
    for (Word word : args) {
      if (word.text().length() > 8192) {
        return null;
      }
      words.add(word.text().toLowerCase(Locale.ROOT));
    }
    if (program.equals("pihole")) {
      return !words.isEmpty()
              && PIHOLE_ALLOWS.contains(words.get(0))
              && words.stream().noneMatch(PIHOLE_READS::contains)
              && words.stream().skip(1).anyMatch(w -> !w.startsWith("-"))
          ? "pihole " + words.get(0)
          : null;
    }
    if (program.equals("timekpra") || program.equals("timekpra-cli")) {
      return words.stream().filter(w -> w.startsWith("--set")).findFirst().orElse(null);
    }
    if (program.equals("malcontent-client")) {
      return !words.isEmpty() && words.get(0).startsWith("set") ? words.get(0) : null;
    }
    boolean occ =
        program.equals("occ")
            || words.stream().anyMatch(w -> w.equals("occ") || w.endsWith("/occ"));
    for (String word : occ ? words : List.<String>of()) {
      if (TWO_FACTOR_OFF.contains(word)) {
        return word;
      }
      if (word.equals("twofactorauth:enforce") && words.contains("--off")) {
        return "twofactorauth:enforce --off";
      }
    }
    if (!Set.of("curl", "wget", "http", "https", "xh", "curlie", "uci", "ubus").contains(program)) {
      return null;
    }
    for (String word : words) {
      for (String path : LIFTING_PATHS) {
        if (word.contains(path)) {
          return path;
        }
      }
      if (word.contains("/control/filtering/set_rules")
          && words.stream().anyMatch(w -> w.contains("@@||"))) {
        return "/control/filtering/set_rules @@||";
      }
      if (WAN_OPENED.matcher(word).find()) {
        return "the router's access on the WAN";
      }
    }
    return null;
  }

  /**
   * A router's configuration written by a file tool with a block that opens it on the WAN (a port
   * forward {@code config redirect} from {@code src 'wan'}, dropbear on {@code wan}) that the text
   * it replaces did not hold.
   */
  static String routerOpened(Scan scan) {
    JsonNode args = scan.call().args();
    if (args == null || !args.isObject()) {
      return null;
    }
    String written =
        Objects.requireNonNullElse(
            EditCalls.text(args, "content", "new_string", "new_str", "file_text", "text"), "");
    String before = Objects.requireNonNullElse(EditCalls.text(args, "old_string", "old_str"), "");
    if (written.isEmpty() || written.length() > 65536) {
      return null;
    }
    var found = WAN_BLOCK.matcher(written.toLowerCase(Locale.ROOT));
    while (found.find()) {
      if (!before.toLowerCase(Locale.ROOT).contains(found.group())) {
        return found.group().startsWith("config redirect")
            ? "a port forwarded from the WAN"
            : "the router's SSH on the WAN";
      }
    }
    return null;
  }
}
