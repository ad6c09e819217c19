package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A port of this machine forwarded to another machine earlier in the session (decision 209): {@code
 * ssh -L 3307:10.20.0.15:3306 bastion}, {@code kubectl port-forward svc/orders-db 5433:5432} on a
 * cluster that is not this machine's, {@code cloud-sql-proxy --port 5433 acme:eu:main}, {@code aws
 * ssm start-session} with a port-forwarding document, {@code gcloud compute start-iap-tunnel}. From
 * then on {@code 127.0.0.1:3307} is that machine: a later call that names the port on a loopback
 * host is judged as if typed to the far end ({@code mysql -h 10.20.0.15 -P 3307 …}), and what the
 * guard's own rules would stop there is asked as {@code deferred.through-tunnel}. Reads through the
 * tunnel are what they are typed to the far end; a tunnel to staging, a test place or a local
 * cluster is remembered as none (and forgets an earlier one on its port). {@link Tunnels} reads the
 * same within one call (decision 178).
 */
public final class ForwardedPorts {

  /** The rule: a call through a port this session forwarded to another machine. */
  static final String RULE = "deferred.through-tunnel";

  /** The pseudo-path's mark of a local port forwarded: {@code /#tunnel:3307}. */
  private static final String MARK = "/#tunnel:";

  /** ssh's options that take a value (ssh(1)), so that a value is not read as the destination. */
  private static final String SSH_VALUES = "BbcDEeFIiJLlmOopQRSWw";

  /** A local forward's specification: {@code [bind:]port:host:hostport}. */
  private static final Pattern FORWARD =
      Pattern.compile(
          "^(?:(?:\\[[^\\]]{1,60}\\]|[\\w.*-]{1,100}):)?(\\d{1,5}):([^:\\s]{1,253}):\\d{1,5}$");

  /** A port-forwarding session's local port and remote host in its parameters (AWS SSM). */
  private static final Pattern SSM_PORT = Pattern.compile("localPortNumber\\W{1,6}(\\d{1,5})");

  private static final Pattern SSM_HOST = Pattern.compile("\\bhost\\W{1,6}([\\w.-]{1,253})");

  /** The Cloud SQL proxy's first version: {@code -instances=project:region:name=tcp:5433}. */
  private static final Pattern PROXY_V1 =
      Pattern.compile("([\\w-]+:[\\w-]+:[\\w-]+)=tcp:(\\d{1,5})");

  /** Its second version's instance, {@code project:region:name}, with a {@code ?port=} or not. */
  private static final Pattern PROXY_INSTANCE =
      Pattern.compile("^([\\w-]+:[\\w-]+:[\\w-]+)(?:\\?.*?\\bport=(\\d{1,5}).*|\\?.*)?$");

  /** A host that is this machine, as a later call names it. */
  private static final Pattern LOOPBACK =
      Pattern.compile(
          "(?i)(?<![\\w.-])(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|0\\.0\\.0\\.0)(?![\\w-]|\\.\\w)");

  private ForwardedPorts() {}

  /**
   * Reads one program of a call: each local port it forwards to another machine is remembered with
   * the far end; one forwarded to a test place, or to this machine, forgets that port.
   *
   * @param step the program
   * @param words its arguments' texts
   * @param found where it goes
   */
  static void read(Step step, List<String> words, Found found) {
    for (String[] forward : forwards(step, words)) {
      if (found.writesSenders().size() >= 16) {
        return;
      }
      String far = forward[1];
      boolean elsewhere =
          !Environments.localHost(far)
              && !(forward.length > 2 && Environments.localCluster(forward[2]))
              && !testPlace(far)
              && !(forward.length > 2 && testPlace(forward[2]));
      String shown = step.program() + " " + String.join(" ", words);
      found
          .writesSenders()
          .put(
              HeldContent.KEY + MARK + forward[0],
              elsewhere ? RULE + " " + far + " " + FlowReading.shorten(shown) : "");
    }
  }

  /**
   * The forwards a program opens, each {local port, far host[, the place it goes through]}.
   *
   * @param step the program
   * @param words its arguments' texts
   */
  private static List<String[]> forwards(Step step, List<String> words) {
    String program = step.program();
    return switch (program) {
      case "ssh", "autossh" -> ssh(words);
      case "kubectl", "oc", "kubecolor" -> portForward(step, words);
      case "cloud-sql-proxy", "cloud_sql_proxy" -> sqlProxy(words);
      case "aws" ->
          words.contains("ssm") && words.contains("start-session") ? ssm(words) : List.of();
      case "gcloud" -> words.contains("start-iap-tunnel") ? iap(words) : List.of();
      default -> List.of();
    };
  }

  /** ssh's {@code -L}: the far host, or the destination itself for its own loopback. */
  private static List<String[]> ssh(List<String> words) {
    List<String> specs = new ArrayList<>();
    String destination = null;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.startsWith("-") && !word.startsWith("--") && word.length() > 1) {
        for (int c = 1; c < word.length(); c++) {
          char option = word.charAt(c);
          if (SSH_VALUES.indexOf(option) < 0) {
            continue;
          }
          String value = c + 1 < word.length() ? word.substring(c + 1) : null;
          if (value == null && i + 1 < words.size()) {
            value = words.get(++i);
          }
          if (option == 'L' && value != null) {
            specs.add(value);
          }
          break;
        }
      } else if (destination == null && !word.startsWith("-")) {
        destination = word.substring(word.indexOf('@') + 1);
      }
    }
    List<String[]> forwards = new ArrayList<>();
    for (String spec : specs) {
      Matcher forward = PatternLiterals.matcher(FORWARD, spec);
      if (forward.matches() && destination != null) {
        String far = forward.group(2);
        forwards.add(
            new String[] {
              forward.group(1), Environments.localHost(far) ? destination : far, destination
            });
      }
    }
    return forwards;
  }

  /** {@code kubectl port-forward TYPE/NAME [LOCAL:]REMOTE…} on a cluster not this machine's. */
  private static List<String[]> portForward(Step step, List<String> words) {
    int at = words.indexOf("port-forward");
    if (at < 0 || !PodCommandActs.remote(step.args())) {
      return List.of();
    }
    String place = DeferredRules.value(words, "--context", "--context");
    place = place != null ? place : DeferredRules.value(words, "--namespace", "-n");
    String resource = null;
    List<String[]> forwards = new ArrayList<>();
    for (int i = at + 1; i < words.size(); i++) {
      String word = words.get(i);
      if (word.startsWith("-")) {
        i += word.contains("=") || !takesValue(word) ? 0 : 1;
      } else if (resource == null) {
        resource = word.substring(word.indexOf('/') + 1);
      } else if (word.matches("\\d{1,5}(?::\\d{1,5})?")) {
        String name = resource + (place == null ? "" : "." + place);
        forwards.add(new String[] {word.substring(0, (word + ":").indexOf(':')), name});
      }
    }
    return forwards;
  }

  private static boolean takesValue(String option) {
    return List.of("-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--address")
        .contains(option);
  }

  /**
   * The Cloud SQL proxy: its {@code --port} (or {@code -p}, or v1's {@code =tcp:N}); with none, the
   * databases' own ports, where it listens.
   */
  private static List<String[]> sqlProxy(List<String> words) {
    String port = DeferredRules.value(words, "--port", "-p");
    String instance = null;
    for (String word : words) {
      Matcher v1 = PatternLiterals.matcher(PROXY_V1, word);
      if (v1.find()) {
        return List.<String[]>of(new String[] {v1.group(2), v1.group(1)});
      }
      Matcher v2 = PatternLiterals.matcher(PROXY_INSTANCE, word);
      if (!word.startsWith("-") && v2.matches()) {
        instance = v2.group(1);
        port = v2.group(2) != null ? v2.group(2) : port;
      }
    }
    if (instance == null) {
      return List.of();
    }
    List<String[]> forwards = new ArrayList<>();
    for (String each : port != null ? List.of(port) : List.of("5432", "3306")) {
      forwards.add(new String[] {each, instance});
    }
    return forwards;
  }

  /** An SSM session whose document forwards a port: to its remote host, or to its target. */
  private static List<String[]> ssm(List<String> words) {
    String all = String.join(" ", words);
    Matcher port = PatternLiterals.matcher(SSM_PORT, all);
    if (!all.contains("PortForwarding") || !port.find()) {
      return List.of();
    }
    Matcher host = PatternLiterals.matcher(SSM_HOST, all);
    String target = DeferredRules.value(words, "--target", "--target");
    String far = host.find() ? host.group(1) : target == null ? "an instance" : target;
    return List.<String[]>of(new String[] {port.group(1), far});
  }

  /** {@code gcloud compute start-iap-tunnel INSTANCE PORT --local-host-port=localhost:N}. */
  private static List<String[]> iap(List<String> words) {
    String local = DeferredRules.value(words, "--local-host-port", "--local-host-port");
    int at = words.indexOf("start-iap-tunnel");
    if (local == null || at + 1 >= words.size() || !local.matches(".*:\\d{1,5}")) {
      return List.of();
    }
    String project = DeferredRules.value(words, "--project", "--project");
    String far = words.get(at + 1) + (project == null ? "" : "." + project);
    return List.<String[]>of(new String[] {local.substring(local.lastIndexOf(':') + 1), far});
  }

  private static boolean testPlace(String name) {
    return !Environments.namesProduction(name)
        && (Environments.stagingHost(name) || Environments.testName(name));
  }

  /**
   * What a call does through the session's tunnels: for each port forwarded to another machine that
   * the command names on a loopback host, the command typed to the far end, as the guard's rules
   * judge it; a rule that would deny or ask there makes the call {@link #RULE}'s.
   *
   * @param scan the call's scan
   * @param written the session's written files, where the tunnels are kept
   * @return what it found, at most one a tunnel
   */
  static List<WrittenRules.Found> through(Scan scan, Map<String, String> written) {
    String command = scan.source();
    List<WrittenRules.Found> found = new ArrayList<>();
    if (command == null || !PatternLiterals.finds(LOOPBACK, command)) {
      return found;
    }
    for (Map.Entry<String, String> tunnel : written.entrySet()) {
      String key = tunnel.getKey();
      String[] kept = tunnel.getValue().split(" ", 3);
      if (!key.startsWith(HeldContent.KEY + MARK) || kept.length < 3 || !kept[0].equals(RULE)) {
        continue;
      }
      String port = key.substring((HeldContent.KEY + MARK).length());
      Pattern named = Pattern.compile("(?<![\\d.])" + port + "(?!\\d)");
      if (!PatternLiterals.finds(named, command)) {
        continue;
      }
      String typed = PatternLiterals.matcher(LOOPBACK, command).replaceAll(kept[1]);
      Path cwd = scan.call().cwd();
      Hit hit = WrittenRules.typedBlocks(scan, cwd, typed);
      if (hit != null) {
        found.add(
            new WrittenRules.Found(
                RuleBook.rule(RULE),
                hit.rule(),
                "`"
                    + FlowReading.shorten(typed)
                    + "` ("
                    + hit.rule().id()
                    + " typed to "
                    + kept[1]
                    + "), through 127.0.0.1:"
                    + port
                    + " that `"
                    + kept[2]
                    + "` forwarded earlier in this session:"));
      }
    }
    return found;
  }
}
