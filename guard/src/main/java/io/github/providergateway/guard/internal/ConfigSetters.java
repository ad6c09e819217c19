package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a configuration tool's words set, as the lines of a file it writes (decision 175, for {@link
 * SafeguardPredicates}): {@code jq '.requirePhotoId = false' venue.json > t && mv t venue.json},
 * {@code crudini --set clinic.ini prescribing require_pdmp_check false}, {@code dasel put -f
 * dispatch.toml -v false '.dispatch.require_crew_rest_check'}, {@code kubectl set env
 * deploy/payout-api REQUIRE_MAKER_CHECKER=false}, {@code kubectl patch configmap lmi-rules -p
 * '{"data":{"overload_trip_pct":"130"}}'} ({@link PatchBodies}, round 66). The setting is the
 * tool's to write, so it is read as {@link SafeguardEdits} reads a line an edit adds. A {@code jq}
 * whose output does not go back to the file it read (printed, or written elsewhere) sets nothing.
 */
final class ConfigSetters {
  private ConfigSetters() {}

  /** The tools read. */
  static final Set<String> PROGRAMS = NameSet.of("jq", "crudini", "dasel", "kubectl");

  /**
   * A setting written and the file (or resource) it is written to.
   *
   * @param text the setting as a file's lines: {@code auth.mfa_required: false}
   * @param file where it is written
   * @param unseen whether its value before is nowhere to be seen: a live resource's, patched
   */
  record Written(String text, String file, boolean unseen) {
    Written(String text, String file) {
      this(text, file, false);
    }
  }

  /**
   * A jq filter's assignment: {@code .auth.mfa_required = false}, {@code .a |= 0}, a list given
   * whole ({@code .drop_columns = ["full_name"]}: round 67).
   */
  private static final Pattern JQ_ASSIGNMENT =
      Pattern.compile(
          "\\.([A-Za-z_][\\w.\\-]{0,160})\\s*\\|?=\\s*(true|false|\\d{1,6}|\"[^\"]{0,40}\"|\\[[^\\[\\]]{0,400}\\])");

  /** What {@code step} sets, or {@code null}. */
  static Written of(Scan scan, Step step) {
    List<String> args = step.args().stream().map(Word::text).toList();
    return switch (step.program()) {
      case "jq" -> jq(scan, args);
      case "crudini" -> crudini(args);
      case "dasel" -> dasel(args);
      case "kubectl" -> args.contains("patch") ? kubectlPatch(args) : kubectlSetEnv(args);
      default -> null;
    };
  }

  /** A jq filter's assignments, where the file it read is written again by the call. */
  private static Written jq(Scan scan, List<String> args) {
    String filter = null;
    String file = null;
    for (String arg : args) {
      if (arg.startsWith("-")) {
        continue;
      }
      if (filter == null) {
        filter = arg;
      } else if (file == null) {
        file = arg;
      }
    }
    String source = scan.source();
    if (filter == null
        || file == null
        || filter.length() > 2048
        || source == null
        || source.indexOf(file) == source.lastIndexOf(file)) {
      return null; // printed or written elsewhere: the file keeps its setting
    }
    StringBuilder lines = new StringBuilder();
    Matcher assignment = JQ_ASSIGNMENT.matcher(filter);
    while (assignment.find()) {
      lines.append(assignment.group(1)).append(": ").append(assignment.group(2)).append('\n');
    }
    return lines.isEmpty() ? null : new Written(lines.toString(), file);
  }

  /** {@code crudini --set FILE SECTION PARAM VALUE}. */
  private static Written crudini(List<String> args) {
    int set = args.indexOf("--set");
    List<String> rest =
        set < 0
            ? List.of()
            : args.subList(set + 1, args.size()).stream().filter(a -> !a.startsWith("--")).toList();
    if (rest.size() < 4) {
      return null;
    }
    return new Written(
        "[" + rest.get(1) + "]\n" + rest.get(2) + " = " + rest.get(3) + "\n", rest.get(0));
  }

  /** {@code dasel put -f FILE [-t TYPE] -v VALUE SELECTOR}. */
  private static Written dasel(List<String> args) {
    if (args.isEmpty() || !args.get(0).equals("put")) {
      return null;
    }
    String file = null;
    String value = null;
    String selector = null;
    for (int i = 1; i < args.size(); i++) {
      String arg = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : null;
      switch (arg) {
        case "-f", "--file" -> file = next;
        case "-v", "--value" -> value = next;
        case "-s", "--selector" -> selector = next;
        case "-t", "--type", "-r", "--read", "-w", "--write" -> {}
        default -> {
          if (!arg.startsWith("-") && selector == null) {
            selector = arg;
          }
          continue;
        }
      }
      i++;
    }
    if (file == null || value == null || selector == null || selector.length() > 200) {
      return null;
    }
    return new Written(selector.replaceFirst("^\\.", "") + ": " + value + "\n", file);
  }

  /** {@code kubectl set env RESOURCE NAME=value …}: the resource's environment. */
  private static Written kubectlSetEnv(List<String> args) {
    int set = args.indexOf("set");
    if (set < 0 || set + 2 >= args.size() || !args.get(set + 1).equals("env")) {
      return null;
    }
    String resource = null;
    StringBuilder lines = new StringBuilder();
    for (String arg : args.subList(set + 2, args.size())) {
      int eq = arg.indexOf('=');
      if (arg.startsWith("-")) {
        continue;
      }
      if (eq > 0) {
        lines.append(arg, 0, eq).append(": ").append(arg.substring(eq + 1)).append('\n');
      } else if (resource == null) {
        resource = arg;
      }
    }
    return resource == null || lines.isEmpty() ? null : new Written(lines.toString(), resource);
  }

  /** A patch's options that take a value. */
  private static final Set<String> PATCH_VALUED =
      NameSet.of(
          "-n",
          "--namespace",
          "--context",
          "--type",
          "--kubeconfig",
          "--cluster",
          "--user",
          "-o",
          "--output",
          "--field-manager",
          "--subresource",
          "-l",
          "--selector");

  /**
   * {@code kubectl patch TYPE NAME -p BODY} (or {@code TYPE/NAME}): the body's settings, for the
   * resource patched; a {@code --patch-file} is not read.
   */
  private static Written kubectlPatch(List<String> args) {
    int patch = args.indexOf("patch");
    String body = null;
    StringBuilder resource = new StringBuilder();
    for (int i = patch + 1; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("-p") || arg.equals("--patch")) {
        body = i + 1 < args.size() ? args.get(++i) : null;
      } else if (arg.startsWith("--patch=") || arg.startsWith("-p=")) {
        body = arg.substring(arg.indexOf('=') + 1);
      } else if (PATCH_VALUED.contains(arg)) {
        i++;
      } else if (!arg.startsWith("-") && resource.length() < 200) {
        resource.append(resource.length() == 0 ? "" : "/").append(arg);
      }
    }
    String lines = PatchBodies.lines(body);
    if (lines == null || resource.length() == 0) {
      return null;
    }
    String kind = resource.toString().toLowerCase(java.util.Locale.ROOT);
    boolean configuration =
        kind.startsWith("configmap") || kind.startsWith("cm/") || kind.startsWith("secret");
    return new Written(lines, resource.toString(), configuration);
  }
}
