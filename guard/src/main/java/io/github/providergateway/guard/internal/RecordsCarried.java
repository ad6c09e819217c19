package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.WrittenRules.Found;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * People's records that came into the session carried on, and code written to collect them shipped
 * (decision 210), read with the session's written files ({@link RecordsArrived}): a file of records
 * taken into a commit, or named by a call that sends data out or runs a script written in this
 * session to call a model vendor; a page's code written to send a signed-in customer's email or
 * phone elsewhere, then deployed or pushed live; and the project's history pushed to a remote added
 * in this session whose repository is none of the project's. A file that holds people's mail or a
 * matter's evidence where it lies is carried as one that came in (decision 219: {@code python3
 * translate_batch.py /mnt/review-exports/…}, {@code gh issue create -R other --body-file …}).
 */
public final class RecordsCarried {

  /** A file of people's records that came in this session, committed or sent out. */
  static final BuiltinRule RECORDS_CARRIED = RuleBook.rule("written.records-carried-out");

  /** Code written in this session to send a signed-in person's details elsewhere, shipped. */
  static final BuiltinRule COLLECTOR_SHIPPED = RuleBook.rule("written.collector-shipped");

  /** The project's history pushed to another repository, added as a remote in this session. */
  static final BuiltinRule OTHER_REPOSITORY = RuleBook.rule("flow.pushed-to-other-repository");

  /** The parts of a program's or a script's name that say it ships to where people are. */
  private static final Set<String> SHIPS =
      Set.of("deploy", "publish", "release", "ship", "live", "push", "rollout", "promote");

  /** The programs whose push is no shipping to people: the forges' own and git's. */
  private static final Set<String> NOT_SHIPPING = Set.of("git", "gh", "glab", "rsync");

  /** A word that keeps what is shipped away from people: a preview, a dry run, a dev theme. */
  private static final Pattern NOT_LIVE =
      Pattern.compile(
          "(?i)--(?:unpublished|development|dry-?run|preview|help|check)|-u|-d|--?n|--no-publish");

  /** A remote of another machine: a URL, or {@code user@host:path}. */
  private static final Pattern REMOTE_URL = Pattern.compile("^[a-z+]+://.+|^[^/\\s]+@[^/\\s:]+:.+");

  /** Hosts a push to deploys an app, which the deploy rules read. */
  private static final Pattern DEPLOY_HOST =
      Pattern.compile(
          "(?i)heroku|dokku|platform\\.sh|scalingo|clever-cloud|azurewebsites|pantheon");

  private RecordsCarried() {}

  /**
   * What a call carries of the session's records and collectors.
   *
   * @param scan the call's scan
   * @param written the session's written files ({@code SessionPast#senders})
   * @param runs the call's run entries
   * @param sendsOut whether the call sends data out of the project
   * @return the matches
   */
  public static List<Found> judge(
      Scan scan, Map<String, String> written, List<String> runs, boolean sendsOut) {
    List<Found> found = new ArrayList<>();
    List<String> pushed = new ArrayList<>();
    for (String run : runs) {
      if (run.startsWith("push:")) {
        pushed.add(run.substring("push:".length()));
      }
    }
    String model = null;
    for (String run : runs) {
      if (written.containsKey(RecordsArrived.TO_MODEL + run)) {
        model = run;
      }
    }
    String verb = model == null ? "sends " : "gives ";
    String carried =
        model == null
            ? sendsOut ? " out of the project" : null
            : " to "
                + model
                + ", written in this session to call "
                + written.get(RecordsArrived.TO_MODEL + model);
    for (Map.Entry<String, String> file : written.entrySet()) {
      String key = file.getKey();
      if (key.startsWith(RecordsArrived.RECORDS) && found.size() < 4) {
        String path = key.substring(RecordsArrived.RECORDS.length());
        String what = committed(path, runs, pushed);
        if (what == null && carried != null && named(scan, path)) {
          what = verb + path + carried;
        }
        if (what != null) {
          found.add(new Found(RECORDS_CARRIED, null, what + ", which holds " + file.getValue()));
        }
      } else if (key.startsWith(RecordsArrived.COLLECTS) && found.size() < 4) {
        String path = key.substring(RecordsArrived.COLLECTS.length());
        String ships = ships(scan);
        if (ships != null) {
          found.add(
              new Found(
                  COLLECTOR_SHIPPED,
                  null,
                  "`"
                      + ships
                      + "` ships "
                      + path
                      + ", written in this session to send "
                      + file.getValue()));
        }
      }
    }
    if (carried != null && found.isEmpty()) {
      peoples(scan, verb, carried, found);
    }
    return found;
  }

  /**
   * A file the call sends out or gives a vendor's script that holds people's mail or a matter's
   * evidence by its kind and place (decision 219: {@code /mnt/review-exports/HALC-2024-031/…}).
   */
  private static void peoples(Scan scan, String verb, String carried, List<Found> found) {
    for (Step step : scan.steps()) {
      for (Word word : step.args()) {
        for (Target target : scan.targets(step, word)) {
          String held = PeoplesCorrespondence.held(scan, target);
          if (held != null) {
            String path = PeoplesCorrespondence.shown(target);
            found.add(
                new Found(RECORDS_CARRIED, null, verb + path + carried + ", which holds " + held));
            return;
          }
        }
      }
    }
  }

  /** How a call commits the file: a {@code git add} or {@code commit} that takes it; or null. */
  private static String committed(String path, List<String> runs, List<String> pushed) {
    for (String run : runs) {
      if (run.startsWith(WrittenRuns.ADDS + ":")) {
        String folder = run.substring(WrittenRuns.ADDS.length() + 1);
        if (!pushed.contains(folder) && RunFolders.under(path, folder)) {
          return "commits " + path + " to the repository";
        }
      }
    }
    return null;
  }

  /** Whether a word of the call names the file. */
  private static boolean named(Scan scan, String path) {
    for (Step step : scan.steps()) {
      for (Word word : step.args()) {
        for (Target target : scan.targets(step, word)) {
          if (target.known() && target.path().toString().equals(path)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * The program of the call that ships to where people are (a deploy, a release, a live theme's
   * push), not to a preview, a dry run or a test store; or null.
   */
  private static String ships(Scan scan) {
    for (Step step : scan.steps()) {
      String program = step.program();
      if (NOT_SHIPPING.contains(program) || TestEndpoints.in(step)) {
        continue;
      }
      boolean ships = shipsByName(program);
      boolean live = true;
      for (Word word : step.args()) {
        String text = word.text();
        ships |= !text.startsWith("-") && shipsByName(text);
        live &= !PatternLiterals.matches(NOT_LIVE, text) && !Environments.testName(text);
      }
      if (ships && live) {
        return step.shown();
      }
    }
    return null;
  }

  private static boolean shipsByName(String program) {
    String name = program.substring(program.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    for (String part : name.split("[-_.:]")) {
      if (SHIPS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A push to a remote added in this session whose repository is none of the project's: not a
   * fork's or a mirror's (they keep the repository's name), not a deploy host's, not a folder of
   * this machine; or null.
   *
   * @param remote the remote's name
   * @param url its URL
   * @param own the URLs of the project's remotes when the session began
   * @return the match, or null
   */
  public static Found otherRepository(String remote, String url, Collection<String> own) {
    String name = repository(url);
    if (own.isEmpty()
        || name == null
        || !PatternLiterals.matches(REMOTE_URL, url)
        || PatternLiterals.finds(DEPLOY_HOST, url)) {
      return null;
    }
    for (String ours : own) {
      if (name.equals(repository(ours))) {
        return null;
      }
    }
    return new Found(
        OTHER_REPOSITORY,
        null,
        "pushes to "
            + remote
            + " ("
            + url
            + "), added in this session, a repository none of"
            + " the project's remotes names");
  }

  /** A URL's repository's name: its last part, without {@code .git}; or null. */
  private static String repository(String url) {
    String path = url.replaceAll("[/\\s]+$", "").replaceAll("\\.git$", "");
    int at = Math.max(path.lastIndexOf('/'), path.lastIndexOf(':'));
    String name = path.substring(at + 1).toLowerCase(Locale.ROOT);
    return name.isEmpty() ? null : name;
  }
}
