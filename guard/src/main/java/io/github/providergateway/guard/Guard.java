package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.internal.Access;
import io.github.providergateway.guard.internal.Budget;
import io.github.providergateway.guard.internal.BuiltinRule;
import io.github.providergateway.guard.internal.CallForRules;
import io.github.providergateway.guard.internal.Catalogue;
import io.github.providergateway.guard.internal.EscalatedActs;
import io.github.providergateway.guard.internal.Hit;
import io.github.providergateway.guard.internal.LaterCode;
import io.github.providergateway.guard.internal.Places;
import io.github.providergateway.guard.internal.RuleAction;
import io.github.providergateway.guard.internal.Scan;
import io.github.providergateway.guard.internal.Target;
import io.github.providergateway.guard.internal.Unreadable;
import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.ShellScript;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides one agent tool call by the built-in rules of a preset and the configuration's plain rules
 * (docs/guard.md). Immutable and thread-safe; a decision reads no clock, does no I/O but through
 * the environment's {@link GuardDisk}, and depends on nothing but the call, the settings and that
 * disk, so it is the same under any load.
 *
 * <p>Order:
 *
 * <ol>
 *   <li>A shell command the parser will not read (past a bound, or malformed), a shell call without
 *       a command, a file tool without a path, or a call over which the configuration's plain rules
 *       need more than 5,000,000 glob steps (counted, not timed), is denied by {@code
 *       guard.unreadable} with the reason. Under {@code off} with no plain rules nothing needs
 *       reading, and it is allowed.
 *   <li>A catastrophic built-in rule (the root, the home, a disk, the guard itself) denies,
 *       whatever the configuration says, in every preset but {@code off}.
 *   <li>The person's allow list takes out the non-catastrophic built-in rules it covers: an id
 *       covers that rule wherever it matches, a rule object covers a match it matches (the same
 *       program for {@code command}, the same path for {@code path}). It never lets through what a
 *       plain deny or ask rule matches.
 *   <li>The first deny, then the first ask, of the project's rules, the person's rules and the
 *       built-in rules still on under the preset, in that order.
 *   <li>Else the call is allowed.
 * </ol>
 *
 * <p>What is read: every program the parse finds (nested shells, substitutions, inline code's shell
 * commands, wrappers taken off), plus the code a command feeds itself in the same call (text
 * printed into {@code sh -c "$(…)"} or into a file it then runs, a git alias's {@code !command});
 * the files each program reads, writes or deletes; and, for {@code edit} and {@code read}, the
 * call's {@code path}. Paths are resolved as text: relative to the reported folder (else unknown,
 * which counts as outside), {@code ~} and {@code $HOME} to the home, {@code ..} normalised; inside
 * the project means under the session's project only. The guard's own ground is judged on the
 * environment's {@link GuardDisk} as well: each path's links followed, and the scripts a command
 * runs read; a decision does no other I/O.
 *
 * <p>The preset is the higher of the person's and the project's: a project can raise it, never
 * lower it. Tool annotations: under {@code strict} a tool its provider declares destructive asks
 * when the provider ranks below trust {@code user} ({@code internal} &gt; {@code user} &gt; {@code
 * project} &gt; {@code external}, unknown lowest); under {@code paranoid} below {@code internal},
 * and an open-world tool below {@code user} asks too; a tool that declares itself read-only is
 * never blocked by these rules.
 */
public final class Guard {
  /**
   * Every decision begun in this JVM, by any guard: a warm-up stops when one not its own begins.
   */
  private static final AtomicLong DECISIONS_BEGUN = new AtomicLong();

  private final GuardSettings personal;
  private final GuardSettings project;
  private final GuardEnvironment environment;
  private final GuardPreset preset;
  private final List<PlainCheck> projectRules;
  private final List<PlainCheck> personalRules;
  private final List<PlainCheck> projectFlowRules;
  private final List<PlainCheck> personalFlowRules;
  private final List<PlainCheck> allowRules;
  private final List<String> allowIds;
  private final List<String> problems;
  private final FlowJudge flows;

  private Guard(GuardSettings personal, GuardSettings project, GuardEnvironment environment) {
    this.personal = personal;
    this.project = project;
    this.environment = environment;
    List<String> found = new ArrayList<>(personal.problems());
    found.addAll(project.problems());
    if (project.preset() != GuardPreset.OFF && project.preset().compareTo(personal.preset()) < 0) {
      found.add(
          "guard.preset: the project's "
              + project.preset().wireName()
              + " is lower than the person's "
              + personal.preset().wireName()
              + "; left out");
    }
    this.preset =
        project.preset().compareTo(personal.preset()) > 0 ? project.preset() : personal.preset();
    List<PlainCheck> projectAll = compile(project.rules(), found, true);
    List<PlainCheck> personalAll = compile(personal.rules(), found, false);
    this.projectRules = projectAll.stream().filter(c -> !c.rule().flow()).toList();
    this.personalRules = personalAll.stream().filter(c -> !c.rule().flow()).toList();
    this.projectFlowRules = projectAll.stream().filter(c -> c.rule().flow()).toList();
    this.personalFlowRules = personalAll.stream().filter(c -> c.rule().flow()).toList();
    List<PlainCheck> allows = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (PlainRule entry : personal.allow()) {
      if (entry.tool() == null
          && entry.command() == null
          && entry.path() == null
          && entry.arg() == null) {
        ids.add(entry.id());
      } else {
        allows.add(new PlainCheck(entry, environment.userHome()));
      }
    }
    this.allowRules = allows;
    this.allowIds = ids;
    this.problems = List.copyOf(found);
    this.flows = new FlowJudge(preset, projectFlowRules, personalFlowRules, allowIds);
  }

  private List<PlainCheck> compile(List<PlainRule> rules, List<String> found, boolean fromProject) {
    List<PlainCheck> compiled = new ArrayList<>();
    for (PlainRule rule : rules) {
      if (fromProject && rule.action() == Outcome.ALLOW) {
        found.add("guard.rules '" + rule.id() + "': a project's rules cannot allow; left out");
        continue;
      }
      compiled.add(new PlainCheck(rule, environment.userHome()));
    }
    return compiled;
  }

  /**
   * A guard with the person's settings.
   *
   * @param personal the person's own settings ({@link GuardSettings#personal})
   * @param environment the machine's folders
   * @return the guard
   */
  public static Guard create(GuardSettings personal, GuardEnvironment environment) {
    return new Guard(
        requireNonNull(personal, "personal"),
        GuardSettings.project(null),
        requireNonNull(environment, "environment"));
  }

  /**
   * This guard with a project's own rules added: they can only tighten it. A preset lower than the
   * person's is left out (see {@link #problems()}).
   *
   * @param project the project's settings ({@link GuardSettings#project})
   * @return a new guard
   */
  public Guard tightenedBy(GuardSettings project) {
    return new Guard(personal, requireNonNull(project, "project"), environment);
  }

  /** {@return the person's settings} */
  public GuardSettings settings() {
    return personal;
  }

  /** {@return the preset in force: the higher of the person's and the project's} */
  public GuardPreset preset() {
    return preset;
  }

  /**
   * {@return every problem of the person's and the project's settings, and of their combination (a
   * project preset lower than the person's), a line each}
   */
  public List<String> problems() {
    return problems;
  }

  /**
   * Decides {@code call}. Never throws for any call: what cannot be read is denied.
   *
   * @param call the call
   * @return the decision
   */
  public GuardVerdict decide(GuardCall call) {
    return explain(call, false, null).explanation().verdict();
  }

  /**
   * Decides {@code call} in a session that has seen {@code past}: the call's own rules, then the
   * flow rules (docs/guard.md, "A session remembers"). Never throws.
   *
   * @param call the call
   * @param past what the session has seen
   * @return the decision
   */
  public GuardVerdict decide(GuardCall call, SessionPast past) {
    return judge(call, past).verdict();
  }

  /**
   * Decides {@code call} in a session that has seen {@code past}, and says what the call would add
   * to that past if it runs. Never throws.
   *
   * @param call the call
   * @param past what the session has seen
   * @return the decision and the call's flow
   */
  public SessionVerdict judge(GuardCall call, SessionPast past) {
    Judged judged = explain(call, false, requireNonNull(past, "past"));
    return new SessionVerdict(judged.explanation().verdict(), judged.flow());
  }

  /**
   * What {@code call} does for the flow rules: the untrusted content it takes in, the secret it
   * reads, where it sends data, the remotes it adds. Never throws; a call the guard cannot read
   * does nothing it can tell ({@link CallFlow#NONE}), and is denied anyway.
   *
   * @param call the call
   * @return its flow
   */
  public CallFlow flowOf(GuardCall call) {
    return explain(call, false, null).flow();
  }

  /**
   * As {@link #explain(GuardCall)}, in a session that has seen {@code past}: the flow rules' lines
   * among what matched.
   *
   * @param call the call
   * @param past what the session has seen
   * @return the explanation
   */
  public GuardExplanation explain(GuardCall call, SessionPast past) {
    return explain(call, true, requireNonNull(past, "past")).explanation();
  }

  /**
   * Decides {@code call} and says how: the parse (a line per program the command runs: its words
   * with what the guard cannot know in «», how it was reached, its wrappers and redirections), and
   * every rule that matched with its action, including those off in the preset or allowed.
   *
   * @param call the call
   * @return the explanation
   */
  public GuardExplanation explain(GuardCall call) {
    return explain(call, true, null).explanation();
  }

  /**
   * Decides a few calls of every kind, in a session that has seen nothing, and forgets them: what a
   * guard's first decision loads (the rule book, every family's index and patterns, about a second
   * of CPU on a quiet machine) is loaded before a real call waits for it, and then every named
   * predicate no call asked for. A host calls it once, off its event loop, as soon as it has the
   * guard; a real call that arrives meanwhile waits only for what is still loading, and the warm-up
   * stops after the call it is deciding, so as not to take the CPU the real call needs. Never
   * throws; reads on disk only what every decision reads, in a project that does not exist.
   *
   * @return the decisions, one for each call decided, in order
   */
  public List<GuardVerdict> warmUp() {
    SessionPast past = GuardWarmUp.past();
    return GuardWarmUp.warmUp(call -> decide(call, past), DECISIONS_BEGUN::get);
  }

  /** A decision, and what the call does for the flow rules. */
  private record Judged(GuardExplanation explanation, CallFlow flow) {}

  /** What the rules read of a call, kept for the flow rules: null until the scan is made. */
  private static final class Reading {
    private Scan scan;
    private List<Hit> hits;
  }

  private Judged explain(GuardCall call, boolean showParse, SessionPast past) {
    DECISIONS_BEGUN.incrementAndGet(); // read by a warm-up under way: a real call stops it
    call = ServerFileTools.asFileTool(call); // mcp__filesystem__write_file: the edit it is
    call = ServerShellTools.asShell(call); // mcp__ssh__exec: the command it runs
    call = ServerHttpTools.asShell(call); // mcp__http__request POST: the curl it amounts to
    List<String> parse = new ArrayList<>();
    List<String> matched = new ArrayList<>();
    Reading reading = new Reading();
    try {
      GuardExplanation alone = decide(call, showParse, parse, matched, reading);
      if (reading.scan == null) {
        return new Judged(alone, CallFlow.NONE);
      }
      CallFlow flow = FlowJudge.flowOf(reading.scan, reading.hits);
      return new Judged(
          past == null ? alone : flows.judge(alone, reading.scan, flow, past, call, matched), flow);
    } catch (Budget.Exhausted | Unreadable e) {
      return new Judged(unreadable(e.getMessage(), parse, matched), CallFlow.NONE);
    } catch (RuntimeException e) {
      // Fail closed: a call the guard could not read through is denied, never allowed.
      String reason =
          Catalogue.UNREADABLE.id()
              + ": the guard could not read this call ("
              + e.getClass().getSimpleName()
              + ")";
      matched.add(Catalogue.UNREADABLE.id() + ": deny — " + reason);
      return new Judged(
          new GuardExplanation(
              new GuardVerdict(Outcome.DENY, Catalogue.UNREADABLE.id(), reason, null),
              parse,
              matched),
          CallFlow.NONE);
    }
  }

  private GuardExplanation decide(
      GuardCall call,
      boolean showParse,
      List<String> parse,
      List<String> matched,
      Reading reading) {
    boolean nothingToCheck =
        preset == GuardPreset.OFF && projectRules.isEmpty() && personalRules.isEmpty();
    if (nothingToCheck) {
      return new GuardExplanation(
          new GuardVerdict(Outcome.ALLOW, null, "the guard is off", null), parse, matched);
    }
    Places places = environment.places(call.project());
    boolean session = call.project() != null;
    Scan scan;
    if (call.tool().equals("shell")) {
      JsonNode command = call.args().get("command");
      if (command == null || !command.isTextual()) {
        return unreadable("the shell call has no command text", parse, matched);
      }
      ShellScript script;
      try {
        script = ShellParser.parse(command.asText());
      } catch (ShellParseException e) {
        return unreadable(
            e.getMessage(), e.reason() != ShellParseException.Reason.MALFORMED, parse, matched);
      }
      for (Invocation invocation : showParse ? script.invocations() : List.<Invocation>of()) {
        parse.add(ExplainedProgram.line(invocation));
      }
      // The scan reads the code the command feeds itself too (FedCode), after the parse's programs.
      scan =
          new Scan(places, toolCall(call), command.asText(), script.invocations())
              .withOpaque(script.opaque());
      for (Invocation invocation : showParse ? scan.fed() : List.<Invocation>of()) {
        parse.add(ExplainedProgram.line(invocation));
      }
    } else {
      List<Invocation> later = List.of();
      if (writesFile(call.tool())) {
        JsonNode path =
            call.args().has("path") ? call.args().get("path") : call.args().get("file_path");
        JsonNode text =
            call.args().has("new_string")
                ? call.args().get("new_string")
                : call.args().get("content");
        later =
            LaterCode.of(
                path == null || !path.isTextual() ? null : path.asText(),
                text == null || !text.isTextual() ? null : text.asText());
      }
      for (Invocation invocation : showParse ? later : List.<Invocation>of()) {
        parse.add(ExplainedProgram.line(invocation));
      }
      scan = new Scan(places, toolCall(call), null, later);
      if (!fileAccess(call, places, scan, parse)) {
        // A path that is there but blank or not a text (a number, an array) cannot be checked.
        // No path at all names no file, so no file rule applies (a provider's tool called "read").
        return unreadable(
            "the " + call.tool() + " call's path is blank or not a text", parse, matched);
      }
    }
    List<Hit> hits = preset == GuardPreset.OFF ? List.of() : Catalogue.scan(scan);
    parse.addAll(showParse ? scan.notes() : List.of());
    reading.scan = scan;
    reading.hits = hits;

    Hit catastrophe = null;
    List<Hit> active = new ArrayList<>();
    for (Hit hit : hits) {
      BuiltinRule rule = hit.rule();
      Outcome action = outcome(rule.action(preset.wireName(), session));
      String line = rule.id() + ": ";
      if (action == null) {
        matched.add(line + "off in " + preset.wireName() + " — " + hit.reason());
      } else if (rule.catastrophic()) {
        matched.add(line + "deny (catastrophic) — " + hit.reason());
        catastrophe = catastrophe == null ? hit : catastrophe;
      } else {
        String allowedBy = allowedBy(scan, hit);
        if (allowedBy != null) {
          matched.add(
              line
                  + lower(action)
                  + ", allowed by the person's allow list ("
                  + allowedBy
                  + ") — "
                  + hit.reason());
        } else {
          matched.add(line + lower(action) + " — " + hit.reason());
          active.add(hit);
        }
      }
    }
    List<PlainCheck> projectHits = plainHits(projectRules, scan, "the project's rule", matched);
    List<PlainCheck> personalHits = plainHits(personalRules, scan, "the person's rule", matched);
    if (catastrophe != null) {
      return verdict(catastrophe, session, parse, matched);
    }
    for (Outcome outcome : new Outcome[] {Outcome.DENY, Outcome.ASK}) {
      for (List<PlainCheck> plain : List.of(projectHits, personalHits)) {
        for (PlainCheck rule : plain) {
          if (rule.rule().action() == outcome) {
            return new GuardExplanation(rule.verdict(), parse, matched);
          }
        }
      }
      Hit first = null;
      for (Hit hit : active) {
        if (outcome(hit.rule().action(preset.wireName(), session)) != outcome) {
          continue;
        }
        // Every asking hit is weighed for escalation, not the first only: a safeguard's edit asked
        // first must not hide a deploy told --yes in the same command (session 19, fleet-042).
        GuardExplanation escalated =
            outcome == Outcome.ASK ? escalated(scan, hit, session, parse, matched) : null;
        if (escalated != null || outcome == Outcome.DENY) {
          return escalated != null ? escalated : verdict(hit, session, parse, matched);
        }
        first = first == null ? hit : first;
      }
      if (first != null) {
        return verdict(first, session, parse, matched);
      }
    }
    String reason =
        hits.isEmpty()
            ? "no rule applies"
            : "no rule in force under " + preset.wireName() + " applies";
    if (matched.stream().anyMatch(l -> l.contains("allowed by the person's allow list"))) {
      reason = "allowed by the person's allow list";
    }
    return new GuardExplanation(
        new GuardVerdict(Outcome.ALLOW, null, reason, null), parse, matched);
  }

  /** {@return the call as the rules read it, field by field} */
  private static CallForRules toolCall(GuardCall call) {
    GuardCall.ToolHints hints = call.hints();
    return new CallForRules(
        call.tool(),
        call.args(),
        call.project(),
        call.cwd(),
        hints == null
            ? null
            : new CallForRules.Hints(
                hints.destructive(),
                hints.readOnly(),
                hints.openWorld(),
                hints.provider(),
                hints.trust()));
  }

  /** {@return a built-in rule's action as the verdict's outcome, or {@code null} when it is off} */
  static Outcome outcome(RuleAction action) {
    return action == null ? null : Outcome.valueOf(action.name());
  }

  static String lower(Outcome outcome) {
    return outcome.name().toLowerCase(Locale.ROOT);
  }

  private GuardExplanation verdict(
      Hit hit, boolean session, List<String> parse, List<String> matched) {
    BuiltinRule rule = hit.rule();
    return new GuardExplanation(
        new GuardVerdict(
            outcome(rule.action(preset.wireName(), session)),
            rule.id(),
            hit.reason(),
            rule.instead()),
        parse,
        matched);
  }

  /** Decision 318's deny of an asked act its own words make sure ({@link EscalatedActs}). */
  private GuardExplanation escalated(
      Scan scan, Hit asked, boolean session, List<String> parse, List<String> matched) {
    BuiltinRule rule = Catalogue.ESCALATED;
    EscalatedActs.Escalation escalation =
        outcome(rule.action(preset.wireName(), session)) == Outcome.DENY
            ? EscalatedActs.of(scan, asked)
            : null;
    if (escalation == null || allowedBy(scan, escalation.hit()) != null) {
      return null; // nothing makes it sure, or the person allows the rule: the ask stands
    }
    matched.add(rule.id() + ": deny — " + escalation.reason());
    return new GuardExplanation(
        new GuardVerdict(Outcome.DENY, rule.id(), escalation.reason(), rule.instead()),
        parse,
        matched);
  }

  private static List<PlainCheck> plainHits(
      List<PlainCheck> rules, Scan scan, String whose, List<String> matched) {
    List<PlainCheck> hits = new ArrayList<>();
    for (PlainCheck rule : rules) {
      if (rule.matches(scan)) {
        hits.add(rule);
        matched.add(
            rule.rule().id()
                + ": "
                + lower(rule.rule().action())
                + " ("
                + whose
                + ")"
                + (rule.rule().reason() == null ? "" : " — " + rule.rule().reason()));
      }
    }
    return hits;
  }

  /** {@return the allow entry that covers the hit, or {@code null}} */
  private String allowedBy(Scan scan, Hit hit) {
    if (allowIds.contains(hit.rule().id())) {
      return hit.rule().id();
    }
    for (PlainCheck allow : allowRules) {
      if (allow.allows(scan, hit)) {
        return allow.rule().id();
      }
    }
    return null;
  }

  private GuardExplanation unreadable(String why, List<String> parse, List<String> matched) {
    return unreadable(why, false, parse, matched);
  }

  /** {@code shellBound}: a command past the parser's bounds, which smaller commands would avoid. */
  private GuardExplanation unreadable(
      String why, boolean shellBound, List<String> parse, List<String> matched) {
    BuiltinRule rule = Catalogue.UNREADABLE;
    String reason = rule.id() + ": " + why + "; what the guard cannot read it denies (fail closed)";
    matched.add(rule.id() + ": deny — " + reason);
    return new GuardExplanation(
        new GuardVerdict(Outcome.DENY, rule.id(), reason, shellBound ? rule.instead() : null),
        parse,
        matched);
  }

  /**
   * Whether a file tool writes: {@code edit}, the gateway's name for every agent's edit and write
   * tools, and {@code write}, which a host that does not map its tools may send (fresh set C).
   */
  private static boolean writesFile(String tool) {
    return tool.equals("edit") || tool.equals("write");
  }

  /** The fields a file tool names its file in, in the order they are read. */
  private static final List<String> PATH_FIELDS = List.of("path", "file_path");

  /**
   * The path of a file tool, read or written, added to {@code scan}; {@return false when a path
   * field is there but blank or not a text, which the guard cannot check}
   */
  private static boolean fileAccess(GuardCall call, Places places, Scan scan, List<String> parse) {
    boolean edit = writesFile(call.tool());
    if (!edit && !call.tool().equals("read")) {
      parse.add("tool " + call.tool() + (call.hints() == null ? "" : " " + call.hints()));
      return true;
    }
    JsonNode path = null;
    for (String field : PATH_FIELDS) {
      JsonNode value = call.args().get(field);
      if (value == null || value.isNull()) {
        continue;
      }
      if (!value.isTextual() || value.asText().isBlank()) {
        parse.add(call.tool() + " (" + field + " blank or not a text)");
        return false;
      }
      path = path == null ? value : path;
    }
    if (path == null) {
      parse.add(call.tool() + " (no path)");
      return true;
    }
    List<java.nio.file.Path> cwds = new ArrayList<>();
    cwds.add(call.cwd() == null ? null : call.cwd().normalize());
    for (Target target : places.resolve(Word.literal(path.asText()), cwds)) {
      parse.add(
          call.tool() + " " + (target.path() == null ? "«" + target.raw() + "»" : target.path()));
      scan.add(new Access(edit ? Access.Kind.WRITE : Access.Kind.READ, target, null));
    }
    return true;
  }
}
