package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rules of what the session wrote and a call runs (issue 80, decision 90): a file the file
 * tools or a command wrote whose text a rule would block, a file saved from the web, a script or an
 * install of another repository cloned in the session. Like the flow rules, a call is never found
 * by them in a scan of its own: the guard asks them with the session's past ({@link #judge}).
 */
public final class WrittenRules implements Family {

  /** Runs a written file whose text a rule would block: that rule's answer. */
  public static final BuiltinRule RUNS_HELD = RuleBook.rule("written.runs-held");

  /** Runs a file saved from the web in this session. */
  public static final BuiltinRule RUNS_FETCHED = RuleBook.rule("written.runs-fetched");

  /** Runs a script or an install of a repository cloned in this session. */
  public static final BuiltinRule RUNS_CLONE = RuleBook.rule("written.runs-clone");

  /** The family of the settings kept by one call and obeyed by a later one (decision 128). */
  private static final String DEFERRED = "deferred.";

  @Override
  public void scan(Scan scan) {
    // Found only with the session's past: judge().
  }

  /**
   * What a call runs of the session's written files.
   *
   * @param rule the written rule
   * @param held for {@link #RUNS_HELD}, the rule the file's text meets; else null
   * @param what the reason's found part
   */
  public record Found(BuiltinRule rule, BuiltinRule held, String what) {}

  /**
   * The written rules a call matches, and what it does through the ports the session forwarded to
   * another machine (decision 209).
   *
   * @param scan the call's scan
   * @param written the session's written files ({@code SessionPast#senders})
   * @param runs what the call runs ({@code CallFlow#runs})
   * @return the matches: the written files' in their order, then the tunnels'
   */
  public static List<Found> judge(Scan scan, Map<String, String> written, List<String> runs) {
    List<Found> found = judge(written, runs);
    found.addAll(ForwardedPorts.through(scan, written));
    found.addAll(InheritedProduction.through(scan, written)); // decision 220
    found.addAll(OtherTenantImports.imported(scan, written));
    found.addAll(ScriptArgumentWrites.runs(scan, written));
    found.addAll(WeakenedProtections.judge(scan, written, runs)); // decision 333
    return found;
  }

  /**
   * The rule that would ask or deny a command typed in the call's place (a tunnel's far end, a
   * selection made production's, a script's write spelled out), as the guard's rules judge it.
   *
   * @param scan the call's scan
   * @param cwd the folder it runs in, or null
   * @param typed the command as typed there
   * @return the strongest such rule's hit, or null when the typed command is allowed
   */
  static Hit typedBlocks(Scan scan, java.nio.file.Path cwd, String typed) {
    Hit hit = HeldContent.strongest(scan, cwd == null ? "/" : cwd + "/", typed);
    RuleAction standard = hit == null ? null : hit.rule().action("standard");
    return standard == RuleAction.DENY || standard == RuleAction.ASK ? hit : null;
  }

  /**
   * The written rules a call matches.
   *
   * @param written the session's written files ({@code SessionPast#senders})
   * @param runs what the call runs ({@code CallFlow#runs})
   * @return the matches, in the order of the written files
   */
  public static List<Found> judge(Map<String, String> written, List<String> runs) {
    List<Found> found = new ArrayList<>();
    if (runs.isEmpty()) {
      return found;
    }
    for (String[] match : WrittenRuns.matches(written, runs)) {
      String path = match[1];
      switch (match[0]) {
        case WrittenRuns.HELD -> {
          if (RehearsedRuns.rehearsed(written, path, runs)) {
            continue; // run with its dry-run switch, whose branches hold nothing blocked
          }
          String kept = match[2];
          int space = kept.indexOf(' ');
          String id = space < 0 ? kept : kept.substring(0, space);
          BuiltinRule held =
              RuleBook.specs().stream()
                  .map(spec -> spec.rule())
                  .filter(rule -> rule.id().equals(id))
                  .findFirst()
                  .orElse(null);
          String holds = space < 0 ? "" : kept.substring(space + 1);
          if (held != null && id.startsWith(DEFERRED)) {
            // A setting kept by an earlier call and obeyed by this one: its own rule answers.
            found.add(new Found(held, null, "acts after `" + holds + "` earlier in this session"));
            continue;
          }
          found.add(
              new Found(
                  RUNS_HELD,
                  held,
                  "runs "
                      + path
                      + ", written in this session, which holds `"
                      + holds
                      + "` ("
                      + id
                      + (held == null ? "" : ": " + held.why())
                      + ")"));
        }
        case WrittenRuns.FETCHED ->
            found.add(
                new Found(
                    RUNS_FETCHED,
                    null,
                    "runs " + path + ", saved in this session from " + match[2]));
        default ->
            found.add(
                new Found(
                    RUNS_CLONE,
                    null,
                    "runs what " + path + " holds, a repository cloned in this session"));
      }
    }
    return found;
  }
}
