package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The exposure rules' harms under the spellings the red-team pass of issue 80 found past them: an
 * ssh forward listening on every address ({@code -g}, {@code -L '*:…'}, {@code -o
 * GatewayPorts=yes}) or asked of the server by {@code -o RemoteForward=}; git's TLS check turned
 * off or its trust replaced in any scope that outlives the call ({@code --file ~/.gitconfig},
 * {@code http.<url>.sslVerify}, {@code http.sslCAInfo}); curl told to skip the check for good
 * ({@code insecure} in {@code ~/.curlrc}); a CA added to a trust store of its own (certifi's {@code
 * cacert.pem}, the JDK's {@code cacerts}).
 */
final class ExposureSpellings {
  private ExposureSpellings() {}

  /** ssh's options that take a value in the next word (forwards aside). */
  private static final String SSH_WITH_VALUE = "BbcDEeFIiJLlmOoPpQRSWw";

  /** Addresses that mean every interface in a bind. */
  private static final Set<String> EVERY_ADDRESS = NameSet.of("*", "0.0.0.0", "::", "[::]", "");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "remote-control-opened",
        (scan, step, read) -> RemoteControlTools.opened(scan, step) != null);
    named.put(
        "binds-all-interfaces",
        (scan, step, read) -> {
          List<Word> args = step.args();
          for (int i = 0; i < args.size(); i++) {
            String text = args.get(i).text();
            String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
            String value =
                text.startsWith("--address=")
                    ? text.substring("--address=".length())
                    : text.equals("--address") ? next : null;
            if (value != null) {
              for (String address : value.split(",", 16)) {
                if (address.equals("0.0.0.0") || address.equals("::") || address.equals("[::]")) {
                  return true; // every IPv4 or IPv6 address
                }
              }
            }
          }
          return false;
        });
    named.put(
        "ssh-listens-for-world", (scan, step, read) -> sshListensForWorld(texts(step.args())));
    named.put(
        "ssh-option-forwards-remote",
        (scan, step, read) -> sshOption(texts(step.args()), "remoteforward") != null);
    named.put("git-config-tls-off", (scan, step, read) -> gitWeakensTls(texts(step.args()), false));
    named.put("git-config-own-ca", (scan, step, read) -> gitWeakensTls(texts(step.args()), true));
    named.put("iptables-accepts-all", (scan, step, read) -> iptablesAcceptsAll(texts(step.args())));
    named.put(
        "restores-open-firewall",
        (scan, step, read) -> {
          StringBuilder rules = new StringBuilder();
          for (var redirect : step.invocation().redirects()) {
            if (redirect.body() != null && redirect.body().length() < 65536) {
              rules.append(redirect.body()).append('\n');
            }
          }
          List<Step> steps = scan.steps();
          int at = steps.indexOf(step);
          String source = scan.source();
          if (at > 0 && source != null && source.indexOf('|') >= 0) {
            for (Word word : steps.get(at - 1).args()) {
              if (word.text().length() < 65536) {
                rules.append(word.text()).append('\n'); // printf '*filter\n…' | iptables-restore
              }
            }
          }
          return opensInput(rules.toString());
        });
    named.put(
        "keytool-trusts-ca",
        (scan, step, read) -> {
          List<String> args = texts(step.args());
          boolean imports = args.contains("-importcert") || args.contains("-import");
          if (!imports) {
            return false;
          }
          for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-cacerts")
                || a.equals("-keystore")
                    && i + 1 < args.size()
                    && args.get(i + 1).endsWith("cacerts")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "writes-own-trust-store",
        PredicateGate.CHANGES_FILE.around(
            (scan, step, read) -> {
              for (Access access : OwnAccesses.of(scan, step)) {
                if (access.kind() == Access.Kind.READ || access.metadataOnly()) {
                  continue;
                }
                Path path = access.target().path();
                String text = path == null ? "" : path.toString();
                if (text.endsWith("/certifi/cacert.pem")
                    || text.endsWith("/lib/security/cacerts")
                    || text.endsWith("/etc/ssl/certs/java/cacerts")) {
                  return true;
                }
              }
              return false;
            }));
    named.put(
        "writes-curlrc-insecure",
        (scan, step, read) -> {
          boolean curlrc = false;
          for (Access access : OwnAccesses.of(scan, step)) {
            Path path = access.target().path();
            Path name = path == null ? null : path.getFileName();
            curlrc |=
                access.kind() == Access.Kind.WRITE
                    && name != null
                    && (name.toString().equals(".curlrc") || name.toString().equals("_curlrc"));
          }
          if (!curlrc) {
            return false;
          }
          for (String a : texts(step.args())) {
            for (String line : a.split("\n", 64)) {
              String t = line.strip();
              if (t.equals("insecure") || t.equals("-k") || t.equals("--insecure")) {
                return true;
              }
            }
          }
          for (var redirect : step.invocation().redirects()) {
            String body = redirect.body();
            if (body != null && body.length() < 4096 && body.contains("insecure")) {
              return true;
            }
          }
          return false;
        });
  }

  /** iptables's options that narrow a rule to some packets. */
  private static final Set<String> IPTABLES_CONDITIONS =
      NameSet.of(
          "-p",
          "--protocol",
          "-s",
          "--source",
          "--src",
          "-d",
          "--destination",
          "--dst",
          "-i",
          "--in-interface",
          "-m",
          "--match",
          "--dport",
          "--sport",
          "--uid-owner",
          "!");

  /**
   * {@code iptables -I|-A INPUT … -j ACCEPT} with nothing that narrows it: every packet coming in
   * is let through, as if the firewall were off.
   */
  static boolean iptablesAcceptsAll(List<String> args) {
    boolean input = false;
    boolean accept = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      if (IPTABLES_CONDITIONS.contains(a)) {
        return false;
      }
      if (a.equals("-I") || a.equals("-A") || a.equals("--insert") || a.equals("--append")) {
        input |= next.equals("INPUT") || next.equals("FORWARD");
      } else if (a.equals("-j") || a.equals("--jump")) {
        accept |= next.equals("ACCEPT");
      }
    }
    return input && accept;
  }

  /** Saved rules whose INPUT chain accepts everything and holds no rule of its own. */
  static boolean opensInput(String rules) {
    String r = rules.replace("\\n", "\n");
    return r.contains(":INPUT ACCEPT") && !r.contains("-A INPUT") && !r.contains("-I INPUT");
  }

  private static List<String> texts(List<Word> words) {
    return words.stream().map(Word::text).toList();
  }

  /**
   * ssh forwarding to the world: {@code -g} (remote hosts may connect to local forwards) with a
   * forward, a {@code -L}/{@code -D} bind address of every interface, {@code -o GatewayPorts=yes}.
   */
  static boolean sshListensForWorld(List<String> args) {
    boolean gateway = false;
    boolean forwards = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (!a.startsWith("-") || a.startsWith("--") || a.length() < 2) {
        continue;
      }
      for (int j = 1; j < a.length(); j++) {
        char c = a.charAt(j);
        if (c == 'g') {
          gateway = true;
        } else if (SSH_WITH_VALUE.indexOf(c) >= 0) {
          String value =
              j + 1 < a.length() ? a.substring(j + 1) : i + 1 < args.size() ? args.get(i + 1) : "";
          if (j + 1 >= a.length()) {
            i++;
          }
          if (c == 'L' || c == 'D') {
            forwards = true;
            if (bindsEveryAddress(value, c == 'L' ? 3 : 1)) {
              return true;
            }
          } else if (c == 'R') {
            forwards = true;
          }
          break;
        }
      }
    }
    String gatewayPorts = sshOption(args, "gatewayports");
    if (gatewayPorts != null
        && (gatewayPorts.equalsIgnoreCase("yes")
            || gatewayPorts.equalsIgnoreCase("clientspecified"))) {
      return true;
    }
    return gateway && forwards;
  }

  /**
   * Whether a forward's spec ({@code [bind:]port[:host:hostport]}) binds every address.
   *
   * @param parts the parts of a spec without a bind address (3 for -L, 1 for -D)
   */
  private static boolean bindsEveryAddress(String spec, int parts) {
    String s = spec.replace("'", "").replace("\"", "");
    if (s.startsWith("[::]:")) {
      return true;
    }
    String[] fields = s.split(":", -1);
    if (fields.length == parts + 1) {
      return EVERY_ADDRESS.contains(fields[0]);
    }
    return false;
  }

  /** {@return the value of ssh's {@code -o key=value} or {@code -o "key value"}, or null} */
  static String sshOption(List<String> args, String key) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String option = null;
      if (a.equals("-o") && i + 1 < args.size()) {
        option = args.get(i + 1);
      } else if (a.startsWith("-o") && a.length() > 2) {
        option = a.substring(2);
      }
      if (option == null) {
        continue;
      }
      String o = option.strip();
      int cut = 0;
      while (cut < o.length() && o.charAt(cut) != '=' && !Character.isWhitespace(o.charAt(cut))) {
        cut++;
      }
      if (o.substring(0, cut).toLowerCase(Locale.ROOT).equals(key)) {
        return cut < o.length() ? o.substring(cut + 1).strip() : "";
      }
    }
    return null;
  }

  /**
   * git config writing, in a scope that outlives the call ({@code --global}, {@code --system},
   * {@code --file}/{@code -f}), {@code http[.<url>].sslVerify} false or {@code
   * http[.<url>].sslCAInfo}/{@code sslCAPath} (a trust of its own).
   */
  static boolean gitWeakensTls(List<String> args, boolean ca) {
    int config = args.indexOf("config");
    if (config < 0) {
      return false;
    }
    boolean lasting = false;
    String key = null;
    String value = null;
    for (int i = config + 1; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("--global") || a.equals("--system") || a.startsWith("--file=")) {
        lasting = true;
      } else if (a.equals("--file") || a.equals("-f")) {
        lasting = true;
        i++;
      } else if (a.equals("set") || a.equals("--add") || a.equals("--replace-all")) {
        continue;
      } else if (!a.startsWith("-")) {
        if (key == null) {
          key = a.toLowerCase(Locale.ROOT);
        } else if (value == null) {
          value = a.toLowerCase(Locale.ROOT);
        }
      }
    }
    if (!lasting || key == null || !key.startsWith("http.") || value == null) {
      return false;
    }
    if (ca) {
      return key.endsWith(".sslcainfo") || key.endsWith(".sslcapath");
    }
    return key.endsWith(".sslverify")
        && (value.equals("false")
            || value.equals("0")
            || value.equals("no")
            || value.equals("off"));
  }
}
