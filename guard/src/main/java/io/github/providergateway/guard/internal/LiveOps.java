package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the {@code liveops.*} rules ask (decision 111): a live game's or service's operations, done
 * from a developer's shell. A server's console reached over RCON, a game-server fleet emptied or
 * its matches left unprotected, a build pushed to a store's players, a live config deployed to an
 * environment the command computes, players' data rewritten in place with its backup turned off, a
 * file posted to a chat's webhook. This machine's server, a local cluster, a dry run and a read are
 * none.
 */
final class LiveOps {
  private LiveOps() {}

  /** The RCON clients' programs. */
  static final Set<String> RCON =
      NameSet.of(
          "rcon", "rcon-cli", "mcrcon", "arrcon", "ARRCON", "rconc", "gorcon", "rcon-client");

  /** The RCON clients' options whose value is the server. */
  private static final Set<String> RCON_HOST = NameSet.of("-a", "--address", "-H", "--host");

  /** The RCON clients' options that take a value. */
  private static final Set<String> RCON_VALUED =
      NameSet.of(
          "-a",
          "--address",
          "-H",
          "--host",
          "-P",
          "--port",
          "-p",
          "--password",
          "-c",
          "--config",
          "-e",
          "--env",
          "-T",
          "--timeout",
          "-l",
          "--log",
          "-w",
          "--wait",
          "-t",
          "--type");

  /** What a console command does that ends a server's play or throws players out. */
  private static final Set<String> RCON_STOPS =
      NameSet.of(
          "quit",
          "exit",
          "stop",
          "shutdown",
          "restart",
          "_restart",
          "killserver",
          "kill",
          "kick",
          "kickall",
          "ban",
          "banid",
          "addip",
          "wipe",
          "sv_shutdown",
          "crash",
          "reboot",
          "save-off",
          "stop-server",
          "doexit",
          "destroyall",
          "killall");

  /** What a console command reads: no change to the play. */
  private static final Set<String> RCON_READS =
      NameSet.of(
          "status",
          "list",
          "players",
          "listplayers",
          "showplayers",
          "info",
          "version",
          "help",
          "users",
          "stats",
          "maps",
          "cvarlist",
          "serverinfo",
          "ping",
          "playerlist",
          "tps",
          "echo",
          "find",
          "getchat");

  /** Adds each predicate of a program under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("rcon-stops-live-server", (scan, step, read) -> rcon(scan, step) == Effect.STOPS);
    named.put("rcon-acts-on-live-server", (scan, step, read) -> rcon(scan, step) == Effect.ACTS);
    named.put("fleet-emptied", LiveOps::fleetEmptied);
    named.put("match-protection-off", LiveOps::protectionOff);
    named.put("store-build-pushed", LiveOps::storeBuildPushed);
    named.put("live-config-deployed", LiveOps::liveConfigDeployed);
  }

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("rewrites-without-backup", LiveOps::rewritesWithoutBackup);
    named.put("file-to-chat", ChatUploads::fileToChat);
  }

  private enum Effect {
    NONE,
    STOPS,
    ACTS
  }

  /** What an RCON client (or inline code of an RCON library) does to a server not this machine. */
  private static Effect rcon(Scan scan, Step step) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      return code == null ? Effect.NONE : rconCode(code);
    }
    if (!RCON.contains(step.program())) {
      return Effect.NONE;
    }
    List<Word> args = step.args();
    String host = null;
    boolean environment = false;
    List<String> commands = new java.util.ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String prior = i > 0 ? args.get(i - 1).text() : "";
      if (RCON_HOST.contains(prior)) {
        host = text;
        continue;
      }
      if (prior.equals("-e") || prior.equals("--env")) {
        environment = true;
        host = Environments.testName(text) ? "localhost" : text;
        continue;
      }
      if (RCON_VALUED.contains(prior) || text.startsWith("-")) {
        if (text.startsWith("--address=") || text.startsWith("--host=")) {
          host = text.substring(text.indexOf('=') + 1);
        }
        continue;
      }
      commands.add(text); // mcrcon takes one command a word; rcon's words are one command
    }
    if (host == null && !environment) {
      return Effect.NONE; // the client's default: this machine's server
    }
    if (local(host)) {
      return Effect.NONE;
    }
    Effect effect = Effect.NONE;
    for (String command : commands) {
      Effect one = consoleEffect(command);
      if (one == Effect.STOPS) {
        return one;
      }
      effect = one == Effect.ACTS ? one : effect;
    }
    return effect;
  }

  private static boolean local(String address) {
    String host = address;
    if (host.startsWith("[")) {
      host = host.substring(1, Math.max(1, host.indexOf(']')));
    } else if (host.indexOf(':') > 0 && host.indexOf(':') == host.lastIndexOf(':')) {
      host = host.substring(0, host.indexOf(':'));
    }
    return Hosts.loopback(host)
        || Environments.localHost(host)
        || Environments.composeService(host);
  }

  /**
   * What a console command does, by its first word (a line's, where it holds several): a stop
   * stops, a read reads, the rest act.
   */
  private static Effect consoleEffect(String command) {
    Effect effect = Effect.NONE;
    for (String line : command.toLowerCase(Locale.ROOT).split("[;\\n]")) {
      String[] words = line.strip().split("\\s+", 2);
      if (words[0].isEmpty()) {
        continue;
      }
      if (RCON_STOPS.contains(words[0])) {
        return Effect.STOPS;
      }
      effect = RCON_READS.contains(words[0]) ? effect : Effect.ACTS;
    }
    return effect;
  }

  /** An RCON library's import, and what it is handed to send. */
  private static final Pattern RCON_LIBRARY =
      Pattern.compile("\\brcon\\b|mcrcon|rcon-client|rcon-srcds|valve\\.rcon|aiomcrcon");

  /** A command sent over an RCON library's client: {@code .run('quit')}, {@code .send("stop")}. */
  private static final Pattern RCON_SENT =
      Pattern.compile("\\.(?:run|send|command|execute|exec|cmd)\\s*\\(\\s*['\"`]([^'\"`]{1,120})");

  /** A quoted word alone: a console command handed as an argument. */
  private static final Pattern QUOTED_WORD = Pattern.compile("['\"`]([a-z_-]{3,16})['\"`]");

  /** A host literal handed to a client: the first quoted word that looks like a host. */
  private static final Pattern QUOTED_HOST =
      Pattern.compile(
          "['\"`]((?:[a-z0-9-]+\\.)+[a-z]{2,}|\\d{1,3}(?:\\.\\d{1,3}){3}|localhost)['\"`]");

  private static Effect rconCode(String code) {
    if (!mentions(code, "rcon")) {
      return Effect.NONE; // most code: a few searches, no copy
    }
    String c = code.length() > 16 * 1024 ? code.substring(0, 16 * 1024) : code;
    c = c.toLowerCase(Locale.ROOT);
    if (!c.contains("rcon") || !PatternLiterals.finds(RCON_LIBRARY, c)) {
      return Effect.NONE;
    }
    var hosts = QUOTED_HOST.matcher(c);
    boolean elsewhere = false;
    boolean any = false;
    while (hosts.find()) {
      any = true;
      elsewhere |= !local(hosts.group(1));
    }
    if (!any && (c.contains("environ") || c.contains("process.env") || c.contains("getenv"))) {
      elsewhere = c.contains("host") || c.contains("addr"); // the server from the environment
    }
    if (!elsewhere) {
      return Effect.NONE;
    }
    var quoted = QUOTED_WORD.matcher(c);
    while (quoted.find()) {
      if (RCON_STOPS.contains(quoted.group(1))) {
        return Effect.STOPS; // valve.rcon.execute(address, password, "quit"), rcon('quit')
      }
    }
    var sent = RCON_SENT.matcher(c);
    Effect effect = Effect.NONE;
    while (sent.find()) {
      Effect one = consoleEffect(sent.group(1));
      if (one == Effect.STOPS) {
        return one;
      }
      effect = one == Effect.ACTS ? one : effect;
    }
    return effect;
  }

  /**
   * A game-server fleet emptied: GameLift's capacity set to zero ({@code update-fleet-capacity
   * --desired-instances 0}, {@code --max-size 0}, boto3's {@code update_fleet_capacity(…,
   * DesiredInstances=0)}), an Agones fleet scaled to zero outside a local cluster, a fleet deleted,
   * a game session force-terminated.
   */
  private static boolean fleetEmptied(Scan scan, Step step, Read read) {
    String program = step.program();
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      if (!mentions(code, "gamelift")) {
        return false;
      }
      String c = code.toLowerCase(Locale.ROOT);
      return c.contains("gamelift")
          && (PatternLiterals.finds(GAMELIFT_CODE_ZERO, c) || c.contains("delete_fleet"))
          && !c.contains("localhost")
          && !c.contains("127.0.0.1");
    }
    List<String> words = texts(step.args());
    if (program.equals("aws")) {
      int at = words.indexOf("gamelift");
      if (at < 0 || at + 1 >= words.size() || testNamed(words)) {
        return false;
      }
      String verb = words.get(at + 1);
      return switch (verb) {
        case "update-fleet-capacity" ->
            OptionNumbers.zero(words, "--desired-instances", "--max-size");
        case "delete-fleet", "delete-fleet-locations", "delete-game-server-group" -> true;
        case "terminate-game-session" -> words.contains("FORCE_TERMINATE");
        case "update-alias", "create-alias" -> terminal(words);
        case "update-game-server-group" -> OptionNumbers.zero(words, "--max-size");
        case "update-runtime-configuration" -> concurrentZero(words);
        default -> false;
      };
    }
    if (program.equals("kubectl") || program.equals("oc")) {
      if (!words.contains("scale") && !words.contains("patch")) {
        return false;
      }
      boolean fleet = false;
      for (String word : words) {
        String w = word.toLowerCase(Locale.ROOT);
        fleet |=
            w.equals("fleet")
                || w.equals("fleets")
                || w.startsWith("fleet/")
                || w.startsWith("fleets/")
                || w.startsWith("fleet.agones")
                || w.equals("gameserverset")
                || w.equals("gameserversets")
                || w.startsWith("gameserverset/");
      }
      if (!fleet || Environments.localTestData(scan, step) || testNamed(words)) {
        return false;
      }
      for (int i = 0; i < words.size(); i++) {
        String w = words.get(i).replace(" ", "");
        if (w.equals("--replicas=0")
            || w.equals("--replicas") && i + 1 < words.size() && words.get(i + 1).equals("0")
            || w.contains("\"replicas\":0")
            || w.contains("replicas:0")) {
          return true;
        }
      }
    }
    return false;
  }

  private static final Pattern GAMELIFT_CODE_ZERO =
      Pattern.compile(
          "update_fleet_capacity\\s*\\([^)]{0,300}?(?:desiredinstances|maxsize)\\s*=\\s*0\\b");

  /** Whether a fleet's runtime configuration runs no server process. */
  private static boolean concurrentZero(List<String> words) {
    for (String word : words) {
      String w = word.replace(" ", "");
      if (w.contains("ConcurrentExecutions=0") || w.contains("\"ConcurrentExecutions\":0")) {
        return true;
      }
    }
    return false;
  }

  /** Whether an alias's routing strategy is made terminal: players are told the game is gone. */
  private static boolean terminal(List<String> words) {
    for (String word : words) {
      if (word.contains("Type=TERMINAL") || word.contains("\"Type\":\"TERMINAL\"")) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word of the program's says test or development (a dev fleet, a staging alias). */
  private static boolean testNamed(List<String> words) {
    for (String word : words) {
      if (!word.startsWith("-")
          && word.indexOf('/') < 0
          && word.indexOf('=') < 0
          && Environments.testName(word)
          && !Environments.namesProduction(word)) {
        return true;
      }
    }
    return false;
  }

  /** Game sessions' protection removed: scale-in may now end matches in play. */
  private static boolean protectionOff(Scan scan, Step step, Read read) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      return code != null
          && code.contains("NoProtection")
          && code.toLowerCase(Locale.ROOT).contains("gamelift");
    }
    if (!step.program().equals("aws")) {
      return false;
    }
    List<String> words = texts(step.args());
    if (!words.contains("gamelift") || testNamed(words)) {
      return false;
    }
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if ((w.endsWith("protection-policy")
              && i + 1 < words.size()
              && words.get(i + 1).equals("NoProtection"))
          || w.endsWith("protection-policy=NoProtection")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A build pushed to a store's players: itch.io's {@code butler push} (not {@code --dry-run}),
   * {@code steamcmd +run_app_build} (not {@code -preview}) or {@code +workshop_build_item}, Epic's
   * {@code BuildPatchTool -mode=LabelBinary} (a binary labelled live) or {@code UploadBinary}.
   */
  private static boolean storeBuildPushed(Scan scan, Step step, Read read) {
    List<String> words = texts(step.args());
    String program = step.program().toLowerCase(Locale.ROOT);
    if (program.equals("butler")) {
      return !words.isEmpty() && words.get(0).equals("push") && !words.contains("--dry-run");
    }
    if (program.startsWith("steamcmd")) {
      for (int i = 0; i < words.size(); i++) {
        String w = words.get(i).toLowerCase(Locale.ROOT);
        if (w.equals("+run_app_build") || w.equals("+run_app_build_http")) {
          return !(i + 1 < words.size() && words.get(i + 1).equalsIgnoreCase("-preview"));
        }
        if (w.equals("+workshop_build_item")) {
          return true;
        }
        if (w.equals("+runscript") && namedLogin(words)) {
          return true; // a build account's script: the run_app_build it holds is not read
        }
      }
      return false;
    }
    if (program.equals("msstore")) {
      return !words.isEmpty() && words.get(0).equals("publish");
    }
    if (program.startsWith("buildpatchtool")) {
      for (String word : words) {
        String w = word.toLowerCase(Locale.ROOT);
        if (w.equals("-mode=labelbinary") || w.equals("-mode=uploadbinary")) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether steamcmd logs in as an account rather than anonymously. */
  private static boolean namedLogin(List<String> words) {
    int at = words.indexOf("+login");
    return at >= 0 && at + 1 < words.size() && !words.get(at + 1).equalsIgnoreCase("anonymous");
  }

  /**
   * Unity Gaming Services' {@code ugs deploy} to an environment not named for development or test:
   * production, one the command computes ({@code -e "$TARGET_ENV"}), or the configured default.
   */
  private static boolean liveConfigDeployed(Scan scan, Step step, Read read) {
    List<String> words = texts(step.args());
    if (!words.contains("deploy") && !words.contains("publish") || words.contains("--dry-run")) {
      return false;
    }
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String environment = null;
      if ((w.equals("-e") || w.equals("--environment-name") || w.equals("--environment"))
          && i + 1 < words.size()) {
        environment = words.get(i + 1);
      } else if (w.startsWith("--environment-name=") || w.startsWith("-e=")) {
        environment = w.substring(w.indexOf('=') + 1);
      }
      if (environment != null) {
        return !(Environments.testName(environment) && !Environments.namesProduction(environment))
            && !Environments.stagingHost(environment);
      }
    }
    return true; // the configured environment, which the command does not say
  }

  /** The options that turn a rewrite's backup off. */
  private static final String[] NO_BACKUP = {
    "--no-backup",
    "--skip-backup",
    "--no-backups",
    "--nobackup",
    "--without-backup",
    "--backup=false",
    "--backup=none",
    "--no-snapshot",
    "--skip-snapshot"
  };

  /** The options that make a rewrite happen where the data lies, for good. */
  private static final String[] IN_PLACE = {
    "--in-place", "--inplace", "--apply", "--execute", "--commit", "--overwrite", "--write"
  };

  /** What says the data lies elsewhere: a bucket, a table, a store's URL, production. */
  private static final String[] REMOTE = {
    "--bucket",
    "--table",
    "--database",
    "--db",
    "--collection",
    "--container",
    "--project",
    "s3://",
    "gs://",
    "az://",
    "abfss://",
    "dynamodb",
    "firestore",
    "cosmos",
    "mongodb://",
    "postgres://",
    "postgresql://",
    "mysql://",
    "redis://",
    "DATABASE_URL"
  };

  /**
   * A program that rewrites data in place with its backup turned off, where the data lies in a
   * store (a bucket, a table, a database's URL) or in production: {@code migrate_saves.py --bucket
   * x --in-place --no-backup}.
   */
  private static String rewritesWithoutBackup(Scan scan) {
    String source = scan.source();
    if (source == null || !source.contains("backup") && !source.contains("snapshot")) {
      return null; // most commands: one search
    }
    for (Step step : scan.steps()) {
      String off = null;
      boolean inPlace = false;
      boolean remote = false;
      for (Word word : step.args()) {
        String text = word.text();
        for (String option : NO_BACKUP) {
          off = text.equals(option) ? text : off;
        }
        for (String option : IN_PLACE) {
          inPlace |= text.equals(option) || text.startsWith(option + "=");
        }
        for (String place : REMOTE) {
          remote |= text.startsWith(place) || text.contains(place) && place.contains("/");
        }
        remote |= Environments.namesProduction(text) && !text.startsWith("-");
        remote |= word.written() != null && word.written().contains("DATABASE_URL");
      }
      if (off != null && inPlace && (remote || !namesLocalFile(step))) {
        return Scan.render(step.invocation());
      }
    }
    return null;
  }

  /**
   * Whether a program names a file of this machine to rewrite ({@code fix_json.py --in-place
   * data/levels.json}): its own positionals past the script, a path with a folder or a file's kind.
   */
  private static boolean namesLocalFile(Step step) {
    List<Word> args = step.args();
    int from = step.interpreter() ? 1 : 0; // the script itself
    for (int i = from; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") || text.contains("://") || text.indexOf('=') >= 0) {
        continue;
      }
      String prior = i > 0 ? args.get(i - 1).text() : "";
      if (prior.startsWith("--") && !prior.contains("=") && !IN_PLACE_OR_OFF.contains(prior)) {
        continue; // an option's value (--from 11, --bucket x)
      }
      if (text.indexOf('/') >= 0 || text.matches("[^.]+\\.[A-Za-z0-9]{1,5}")) {
        return true;
      }
    }
    return false;
  }

  private static final Set<String> IN_PLACE_OR_OFF =
      NameSet.of(
          "--in-place",
          "--inplace",
          "--apply",
          "--execute",
          "--commit",
          "--overwrite",
          "--write",
          "--no-backup",
          "--skip-backup",
          "--no-backups",
          "--nobackup");

  /**
   * Whether code names a word in lower case, capitalised or upper case ({@code rcon}, {@code Rcon},
   * {@code RCON}; {@code gamelift}, {@code GameLift} by its first letter): a test before any copy.
   */
  static boolean mentions(String code, String word) {
    String capital = Character.toUpperCase(word.charAt(0)) + word.substring(1);
    return code.contains(word)
        || code.contains(capital)
        || code.contains(word.toUpperCase(Locale.ROOT))
        || word.equals("gamelift") && code.contains("GameLift");
  }

  static List<String> texts(List<Word> words) {
    List<String> out = new java.util.ArrayList<>(words.size());
    for (Word word : words) {
      out.add(word.text());
    }
    return out;
  }
}
