package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A key of a known form written into a name that is looked up in the DNS (decision 193's {@code
 * leak.dns-tunnel}): the name's hyphens read as the key's underscores, since DNS names take none
 * ({@code sk-live-51Habc…}). Decision 193 read the resolvers' names; its red team (decision 195)
 * read the other programs that look a host up before anything else ({@code ping}, {@code
 * traceroute}, {@code mtr}) and the resolver calls of inline code ({@code socket.gethostbyname},
 * {@code dns.lookup}): the lookup itself hands the name to whoever answers for the domain.
 */
final class KeysInLookedUpNames {
  /** The programs that look a host up: the resolvers, and the probes whose argument is a host. */
  private static final Set<String> LOOKERS =
      NameSet.of(
          "dig",
          "nslookup",
          "host",
          "drill",
          "kdig",
          "delv",
          "resolvectl",
          "getent",
          "ping",
          "ping6",
          "traceroute",
          "traceroute6",
          "tracepath",
          "mtr",
          "fping",
          "arping",
          "hping3");

  /** A resolver's call in inline code: Python's socket, Node's dns, Ruby's Resolv, dnspython. */
  private static final Pattern CODE_LOOKUP =
      Pattern.compile(
          "gethostbyname|getaddrinfo|\\bdns\\.(?:lookup|resolve\\w*)\\(|Resolv\\b|resolver\\.resolve");

  /** A quoted host name in code. */
  private static final Pattern CODE_NAME =
      Pattern.compile("['\"]([A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63}){2,})['\"]");

  private KeysInLookedUpNames() {}

  /** {@return the program and the name with a key that {@code step} looks up, or null} */
  static String in(Step step) {
    String program = step.program();
    if (LOOKERS.contains(program)) {
      for (Word word : step.args()) {
        if (word.literal() && word.text().length() < 256 && keyIn(word.text())) {
          return program + " " + word.text();
        }
      }
      return null;
    }
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 65_536 || !PatternLiterals.finds(CODE_LOOKUP, code)) {
      return null;
    }
    Matcher name = CODE_NAME.matcher(code);
    while (name.find()) {
      if (keyIn(name.group(1))) {
        return program + " " + name.group(1);
      }
    }
    return null;
  }

  private static boolean keyIn(String name) {
    return OutRules.KEY.matcher(name.replace('-', '_')).find();
  }
}
