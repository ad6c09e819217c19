package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A firewall opened to the whole internet from a command line (decision 179, {@code
 * exposure.opened-to-internet}): a cloud's security group or firewall rule given every address
 * ({@code aws ec2 authorize-security-group-ingress --cidr 0.0.0.0/0}, {@code CidrIp=0.0.0.0/0} in
 * {@code --ip-permissions}, {@code gcloud compute firewall-rules create --source-ranges=0.0.0.0/0},
 * {@code az network nsg rule create --source-address-prefixes '*'}), or a port allowed from anyone
 * by {@code ufw}. {@code loosens.opened-to-world} read the same opening only in a configuration
 * written by the file tools; round 27's brewery opened its SCADA gateway's port so.
 */
final class FirewallOpenings {
  private FirewallOpenings() {}

  /** What az and doctl call every address. */
  private static final Set<String> EVERYWHERE =
      NameSet.of("*", "Internet", "internet", "Any", "any", "0.0.0.0/0", "::/0");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("opens-to-every-address", (scan, step, read) -> everyAddress(step.args()));
    named.put("ufw-allows-anyone", (scan, step, read) -> ufwAllowsAnyone(step.args()));
    named.put(
        "network-rule-opens-to-every-address",
        (scan, step, read) -> NetworkRuleOpenings.opens(step.program(), step.args()));
  }

  /**
   * Whether a word gives every address: {@code 0.0.0.0/0} or {@code ::/0} anywhere in it ({@code
   * --cidr 0.0.0.0/0}, {@code IpRanges=[{CidrIp=0.0.0.0/0}]}, {@code address:0.0.0.0/0}), or a
   * source prefix of {@code *}, {@code Internet} or {@code Any} ({@code az}).
   */
  static boolean everyAddress(List<Word> args) {
    for (int i = 0; i < args.size() && i < 256; i++) {
      String text = args.get(i).text();
      if (text.length() > 8192) {
        continue;
      }
      if (text.contains("0.0.0.0/0") || text.contains("::/0")) {
        return true;
      }
      if (text.startsWith("--source-address-prefix")) {
        int eq = text.indexOf('=');
        String value =
            eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
        for (String prefix : value.split("[ ,]", 16)) {
          if (EVERYWHERE.contains(prefix)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Whether {@code ufw allow} (or {@code ufw route allow}) opens a port to anyone: no {@code from},
   * or {@code from any}.
   */
  static boolean ufwAllowsAnyone(List<Word> args) {
    if (!args.isEmpty() && args.get(0).text().equals("default")) {
      return false; // ufw default …: exposure.firewall-off's
    }
    boolean allow = false;
    for (int i = 0; i < args.size() && i < 64; i++) {
      String text = args.get(i).text();
      if (text.equals("allow") || text.equals("limit")) {
        allow = !text.equals("limit");
      } else if (text.equals("from")) {
        String from = i + 1 < args.size() ? args.get(i + 1).text() : "";
        return allow && EVERYWHERE.contains(from);
      } else if (text.equals("delete") || text.equals("deny") || text.equals("reject")) {
        return false;
      }
    }
    return allow;
  }
}
