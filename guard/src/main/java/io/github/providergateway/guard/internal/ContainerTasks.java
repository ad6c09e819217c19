package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A company's tools image run on this machine and handed the credentials of the systems it acts on
 * (decision 299, {@code shapes.container-task-acts}): {@code docker run --rm -e TRUST_API_TOKEN
 * registry.hbe.local/fin/trust-tools:latest transfer --from IOLTA-1 --to OPERATING --amount …},
 * {@code docker run --rm -e DATABASE_URL="$CMS_DB_URL" herald/inkwell-tools rake
 * revisions:compact[keep=1]}. The container is this machine's, but what its command reaches it
 * reaches with what {@code -e} gave it: the act is the image's tool's, as if run here.
 *
 * <p>Read as acting: the image's own tool given a command word that acts ({@code transfer}: the
 * image's entrypoint takes it, so the word the shell reads as the program is the command), an
 * application's task named for an act ({@link PodTasks}), or an application's console given code
 * that acts ({@link CodeCalls}). Handed credentials: a variable passed through by name that names a
 * secret, a token or an address ({@code -e TRUST_API_TOKEN}), or one set to an expansion or to
 * another machine's address ({@code -e DATABASE_URL="$CMS_DB_URL"}). Let through: a value that is
 * this machine's or a test's ({@code -e DATABASE_URL=postgres://localhost/dev}), a dry run, a
 * container with no network.
 */
final class ContainerTasks {
  private ContainerTasks() {}

  /**
   * Whether {@code step} is run by {@code docker run} of a tools image given credentials, and acts.
   */
  static boolean acts(Scan scan, Step step) {
    if (!UnnamedToolPlaces.imageRun(step)) {
      return false;
    }
    Step docker = runner(scan);
    if (docker == null || !handedCredentials(docker.args())) {
      return false;
    }
    List<Word> args = step.args();
    if (SharedActs.dryRun(args) || SharedActs.localOrTest(step, args)) {
      return false;
    }
    if (PodTasks.acting(step)) {
      return true; // rake revisions:compact[keep=1]
    }
    String program = step.program();
    String name = program.substring(program.lastIndexOf('/') + 1);
    if (CONSOLES.contains(name) || consoleGiven(args)) {
      return CodeCalls.act(String.join(" ", step.invocation().args()));
    }
    // trust-tools:latest transfer --amount …: the entrypoint's command word
    return program.indexOf('/') < 0
        && program.indexOf('.') < 0
        && TradeVerbs.verb(program.toLowerCase(Locale.ROOT))
        && !ShapeWords.READS.contains(program.toLowerCase(Locale.ROOT));
  }

  /** An application's console, run by its name ({@code ./bin/console}). */
  private static final Set<String> CONSOLES = Set.of("console", "tinker", "runner");

  private static boolean consoleGiven(List<Word> args) {
    for (Word word : args) {
      if (word.text().equals("runner") || word.text().equals("console")) {
        return true;
      }
    }
    return false;
  }

  /** The call's {@code docker run} (or {@code podman run}), or null. */
  private static Step runner(Scan scan) {
    for (Step other : scan.steps()) {
      String program = other.program();
      if ((program.equals("docker") || program.equals("podman"))
          && other.invocation().via().isEmpty()
          && !other.args().isEmpty()
          && other.args().get(0).text().equals("run")) {
        return other;
      }
    }
    return null;
  }

  /**
   * Whether {@code docker run}'s options hand the container credentials or an address of the
   * systems it acts on, and give it the network.
   */
  static boolean handedCredentials(List<Word> args) {
    boolean handed = false;
    for (int i = 1; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("--network=none")
          || text.equals("--network") && next(args, i).equals("none")) {
        return false;
      }
      String value;
      Word word;
      if (text.equals("-e") || text.equals("--env")) {
        if (i + 1 >= args.size()) {
          break;
        }
        word = args.get(++i);
        value = word.text();
      } else if (text.startsWith("--env=")) {
        word = args.get(i);
        value = text.substring("--env=".length());
      } else if (text.equals("--env-file") || text.startsWith("--env-file=")) {
        String file = text.equals("--env-file") ? next(args, i) : text.substring(11);
        handed |= !Environments.testName(file) && !file.contains("test") && !file.contains("local");
        continue;
      } else if (!text.startsWith("-")) {
        break; // the image: its command's words follow
      } else {
        continue;
      }
      handed |= credential(word, value);
    }
    return handed;
  }

  private static String next(List<Word> args, int at) {
    return at + 1 < args.size() ? args.get(at + 1).text() : "";
  }

  /**
   * Whether {@code -e NAME} passes a secret or an address through, or {@code -e NAME=VALUE} sets
   * one to an expansion or to another machine's address.
   */
  private static boolean credential(Word word, String value) {
    int equals = value.indexOf('=');
    if (equals < 0) {
      return PatternLiterals.finds(SECRET_NAME, value); // -e TRUST_API_TOKEN: this shell's value
    }
    String set = value.substring(equals + 1);
    if (!word.literal() || set.startsWith("$")) {
      return PatternLiterals.finds(SECRET_NAME, value.substring(0, equals));
    }
    int scheme = set.indexOf("://");
    if (scheme < 0) {
      return false;
    }
    String host =
        set.substring(scheme + 3).replaceFirst("^[^@/]*@", "").replaceFirst("[:/].*$", "");
    return !Environments.localHost(host)
        && !Environments.stagingHost(host)
        && !Environments.testName(host);
  }

  /**
   * A variable's name that holds a secret or an address: {@code TRUST_API_TOKEN}, {@code DB_URL}.
   */
  private static final java.util.regex.Pattern SECRET_NAME =
      java.util.regex.Pattern.compile(
          "(?i)(?:token|secret|password|passwd|key|url|uri|dsn|host|credentials?|client_id)$");
}
