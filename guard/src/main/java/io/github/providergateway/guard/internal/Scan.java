package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Opaque;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One call as the built-in rules read it: its programs with the folders each may run in, the files
 * it reads, writes and deletes, and the rules that matched so far. Made per call; not shared.
 */
public final class Scan {
  /** Folders followed through {@code cd} before the folder is taken as unknown. */
  private static final int MAX_FOLDERS = 8;

  private final Places places;
  private final CallForRules call;
  private final String source;
  private final List<Step> steps;

  /** The programs of the code the command feeds itself ({@link FedCode}), empty for none. */
  private final List<Invocation> fed;

  private final List<Access> accesses = new ArrayList<>();

  /** The view of {@link #accesses} given out: made once, as every program's predicates ask. */
  private final List<Access> accessesShown = Collections.unmodifiableList(accesses);

  /** Where the command runs what the parse could not read. */
  private List<Opaque> opaque = List.of();

  /**
   * The last step made of each first word's text, by its hash: see {@link #step}. Null for a
   * command of a few programs, where it would save nothing.
   */
  private final Step[] stepsByWord;

  /** The call's targets on the disk, shared with the scans of the scripts it runs. */
  private final RealPaths realPaths;

  /** What else the call's reading asks of the disk: the gateway's ports and pid, patches read. */
  private final CallDisk callDisk;

  /** Whether this scan reads a script the call runs ({@link ScriptsRun}), not the call itself. */
  private final boolean ofScript;

  /** What the reading of the call did on the disk, for the explanation; empty for most calls. */
  private final List<String> notes = new ArrayList<>();

  /** The steps the plain rules may still take over this call. */
  private final Budget budget = new Budget(Budget.STEPS);

  /** Each target's place, by the target's identity; this scan's own. */
  private final Map<Target, Place> placeOf = new IdentityHashMap<>();

  /**
   * The targets of a word's text, last resolved: a long command names the same files again and
   * again, and a resolution reads only the text and the folders (never whether the word is
   * literal), so the text is the whole key.
   */
  private final Map<String, Resolved> resolvedText = new HashMap<>();

  /**
   * The variables the call sets for each program's first word, read once a call ({@link
   * CallEnvironment}): a dozen predicates ask it of every program, and reading the whole command
   * each time was most of a long pipeline's decision.
   */
  private CommandAssignments assignments;

  /** What readers took from the whole call ({@link #once}), by their key; made at the first. */
  private Map<String, Object> readOnce;

  /** The rules that matched, in the order found. */
  private final List<Hit> hits = new ArrayList<>();

  /** The hits of {@link #hits}, as what makes two the same; made at the first hit. */
  private Set<SameHit> seenHits;

  /**
   * A scan of a shell command's programs, or of a file tool's path ({@code invocations} empty). The
   * code the command feeds itself ({@link FedCode}) is read too: its programs follow the parse's.
   *
   * @param places the call's places
   * @param call the call
   * @param source the shell command, or {@code null}
   * @param invocations its programs, in the parse's order
   */
  public Scan(Places places, CallForRules call, String source, List<Invocation> invocations) {
    this(places, call, source, invocations, new RealPaths(places), false);
    FoldedTexts.forget(); // a new call: the last one's texts are not kept past it
  }

  /**
   * The scan of a script that {@code parent}'s call runs: its programs in the folder {@code call}
   * names, on the parent's disk and within its bounds; the scripts it runs in turn are not read.
   *
   * @param parent the scan of the call that runs the script
   * @param call the call, with the folder the script runs in
   * @param script the script's text
   * @param invocations its programs
   */
  Scan(Scan parent, CallForRules call, String script, List<Invocation> invocations) {
    this(parent.places, call, script, invocations, parent.realPaths, true);
  }

  private Scan(
      Places places,
      CallForRules call,
      String source,
      List<Invocation> invocations,
      RealPaths realPaths,
      boolean ofScript) {
    this.places = places;
    this.realPaths = realPaths;
    this.callDisk = new CallDisk(places);
    this.ofScript = ofScript;
    this.call = call;
    this.source = source;
    // A `cd` changes the folder of what follows. When the command is only `&&`-joined programs, a
    // later program runs only if the `cd` worked, in the new folder; otherwise (a subshell's `cd`
    // does not outlive it, a failed `cd` before `;` leaves the folder as it was) each later program
    // may run in the folder before or after: both are kept, and the worse reading wins.
    boolean chain = source != null && onlyAndJoined(source);
    Set<Path> folders = new LinkedHashSet<>();
    folders.add(call.cwd() == null ? null : call.cwd().normalize());
    List<Path> current = Collections.unmodifiableList(new ArrayList<>(folders));
    steps = new ArrayList<>(invocations.size());
    stepsByWord = invocations.size() < 8 ? null : new Step[16];
    current = addSteps(invocations, chain, folders, current);
    // The fed code is read from the steps: their names and kinds are read once, for every family.
    fed = FedCode.of(steps);
    addSteps(fed, chain, folders, current);
    // A container's command that reaches past it (an agent, the machine's processes), as its own.
    steps.addAll(ContainerCommands.steps(this, steps));
    // An agent in another form than its name is read as the agent as well, beside it.
    steps.addAll(AgentPrograms.steps(this, steps));
    for (int i = 0; i < steps.size(); i++) {
      Accesses.of(this, steps.get(i), accesses);
    }
  }

  /**
   * Adds a step for each program, following their {@code cd}s.
   *
   * @return the folders the next program may run in
   */
  private List<Path> addSteps(
      List<Invocation> invocations, boolean chain, Set<Path> folders, List<Path> current) {
    FolderScope scope = null;
    for (int i = 0; i < invocations.size(); i++) {
      Invocation invocation = invocations.get(i);
      if (scope != null && scope.endsBefore(invocation)) {
        folders.clear();
        folders.addAll(scope.folders()); // bash -c 'cd /tmp' && rm -rf ./*: back where it was
        current = scope.current();
        scope = null;
      }
      Step step = step(invocation, current);
      steps.add(step);
      String program = step.program();
      if (program.equals("popd")) {
        // Back to a folder of the stack: read as an unknown one beside those it may have been.
        folders.add(null);
        current = Collections.unmodifiableList(new ArrayList<>(folders));
      } else if (program.equals("cd") || program.equals("pushd")) {
        List<Word> args = step.args();
        Word to = args.isEmpty() ? new Word("~", false) : args.get(args.size() - 1);
        // A cd inside bash -c '…', or a wrapper's folder (env -C /tmp cmd), ends with its command.
        if (scope == null && FolderScope.depthOf(invocation) > 0) {
          scope = FolderScope.of(invocation, folders, current);
        }
        if (chain) {
          folders.clear();
        }
        if (to.text().equals("-") || searchesCdPath(to)) {
          folders.add(null);
          for (String base : cdPath()) {
            // CDPATH=~ cd .aws: where it most likely lands, read as well as an unknown folder.
            for (Target t : places.resolve(new Word(base + "/" + to.text(), false), step.cwds())) {
              folders.add(t.path());
            }
          }
        } else {
          for (Target t : places.resolve(to, step.cwds())) {
            folders.add(t.path());
          }
        }
        if (folders.size() > MAX_FOLDERS) {
          folders.clear();
          folders.add(null);
        }
        current = Collections.unmodifiableList(new ArrayList<>(folders));
      }
    }
    return current;
  }

  /**
   * The step of {@code invocation}: its program's name and kinds those of the step before it of the
   * same first word when there is one. The parser makes each plain word once per text, so a long
   * command's thousands of programs are a few dozen words, each cut and looked up once.
   */
  private Step step(Invocation invocation, List<Path> cwds) {
    List<Word> words = invocation.words();
    if (words.isEmpty() || stepsByWord == null) {
      return new Step(invocation, cwds);
    }
    String first = words.get(0).text();
    int slot = first.hashCode() & (stepsByWord.length - 1);
    Step same = stepsByWord[slot];
    if (same != null && same.invocation().words().get(0).text() == first) {
      return same.another(invocation, cwds);
    }
    Step step = new Step(invocation, cwds);
    stepsByWord[slot] = step;
    return step;
  }

  /**
   * Whether a {@code cd} may land somewhere its word does not say: with {@code CDPATH} or {@code
   * cdable_vars} set in the command, {@code cd home} may be {@code /home}. A folder read so is
   * unknown.
   */
  private boolean searchesCdPath(Word to) {
    String text = to.text();
    if (source == null
        || text.startsWith("/")
        || text.startsWith("./")
        || text.startsWith("../")
        || text.equals(".")
        || text.equals("..")
        || text.startsWith("~")) {
      return false;
    }
    return source.contains("CDPATH") || source.contains("cdable_vars");
  }

  /** The folders a {@code CDPATH=…} in the command names, as written. */
  private List<String> cdPath() {
    List<String> bases = new ArrayList<>();
    int at = source == null ? -1 : source.indexOf("CDPATH=");
    if (at >= 0) {
      int end = at + 7;
      while (end < source.length() && " \t;&|\n'\"".indexOf(source.charAt(end)) < 0) {
        end++;
      }
      for (String base : source.substring(at + 7, end).split(":")) {
        if (!base.isEmpty() && !base.equals(".")) {
          bases.add(base);
        }
      }
    }
    return bases;
  }

  /** Whether the command is programs joined by {@code &&} alone: no {@code ;}, pipe, subshell. */
  private static boolean onlyAndJoined(String source) {
    int segment = 0; // where the &&-joined program being read began
    boolean piped = false;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == ';' || c == '\n' || c == '(' || c == '`') {
        return false;
      }
      if (c == '|') {
        if (i + 1 < source.length() && source.charAt(i + 1) == '|') {
          return false; // cd x || y: y runs where cd failed
        }
        piped = true;
      }
      if (c == '&') {
        if (i + 1 >= source.length() || source.charAt(i + 1) != '&') {
          return false;
        }
        if (piped && changesFolder(source.substring(segment, i))) {
          return false; // a pipeline's cd runs in its own subshell (decision 305)
        }
        i++;
        segment = i + 1;
        piped = false;
      }
    }
    return !(piped && changesFolder(source.substring(segment)));
  }

  /**
   * Whether a program of a pipeline may change the folder: {@code cd} or {@code pushd} among its
   * words. A pipeline of no {@code cd} between {@code &&}s leaves the folder as it was (decision
   * 305: {@code cd /tmp && grep x sums | sha256sum -c - && tar xzf x.tar.gz} extracts in /tmp).
   */
  private static boolean changesFolder(String pipeline) {
    return pipeline.matches("(?s).*(?:^|[\\s|])(?:cd|pushd)(?:\\s.*|$)");
  }

  /** {@return the steps the configuration's plain rules may still take over this call} */
  public Budget budget() {
    return budget;
  }

  /** {@return the call's places} */
  public Places places() {
    return places;
  }

  /** {@return the call's targets as they are on the disk} */
  RealPaths realPaths() {
    return realPaths;
  }

  /** {@return the ports the gateway may listen on, asked of the disk once a call} */
  Set<Integer> gatewayPorts() {
    return callDisk.gatewayPorts();
  }

  /** {@return what else the call's reading asks of the disk} */
  CallDisk callDisk() {
    return callDisk;
  }

  /** {@return what the reading of the call did on the disk, a line each: the scripts it read} */
  public List<String> notes() {
    return Collections.unmodifiableList(notes);
  }

  /** Adds a line to {@link #notes()}. */
  void note(String line) {
    notes.add(line);
  }

  /** {@return whether this scan reads a script the call runs, rather than the call} */
  boolean ofScript() {
    return ofScript;
  }

  /** {@return the variables the call sets for the command begun by {@code program}, read once} */
  List<String> assignmentsFor(String program) {
    if (assignments == null) {
      assignments = CommandAssignments.read(source);
    }
    return assignments.of(program);
  }

  /** {@return the call} */
  public CallForRules call() {
    return call;
  }

  /** {@return the shell command as given, or {@code null} for another tool} */
  public String source() {
    return source;
  }

  /** {@return the command's programs} */
  public List<Step> steps() {
    return steps;
  }

  /**
   * {@return the programs of the code the command feeds itself, each reached via what fed it; their
   * steps follow the parse's programs' in {@link #steps()}}
   */
  public List<Invocation> fed() {
    return fed;
  }

  /** {@return where the command runs what the parse could not read} */
  public List<Opaque> opaque() {
    return opaque;
  }

  /**
   * Adds where the command runs what the parse could not read.
   *
   * @param found the parse's findings
   * @return this scan
   */
  public Scan withOpaque(List<Opaque> found) {
    this.opaque = List.copyOf(found);
    for (Step step : AgentPrograms.made(this, opaque)) {
      steps.add(step); // an agent made, linked or copied in the call and run there
      Accesses.of(this, step, accesses);
    }
    return this;
  }

  /** {@return the files the call reads, writes and deletes} */
  public List<Access> accesses() {
    return accessesShown;
  }

  /**
   * Adds a file the call touches that no program shows: a file tool's path.
   *
   * @param access the access
   */
  public void add(Access access) {
    accesses.add(access);
  }

  /** {@return the rules that matched} */
  public List<Hit> hits() {
    return hits;
  }

  /**
   * Resolves a word of a program.
   *
   * @param step the program
   * @param word the word
   * @return its targets, one per folder the program may run in
   */
  public List<Target> targets(Step step, Word word) {
    // Several rules read the same word, and a long command the same text again and again:
    // resolve a text once for the folders it is read in.
    Resolved same = resolvedText.get(word.text());
    if (same == null || same.cwds() != step.cwds()) {
      same = new Resolved(step.cwds(), places.resolve(word, step.cwds()));
      resolvedText.put(word.text(), same);
    }
    return same.targets();
  }

  /**
   * Where a target is, read once per target.
   *
   * @param target a target of this scan
   * @return its place
   */
  public Place place(Target target) {
    // Not computeIfAbsent(target, places::classify): the bound reference is a new object a call.
    Place place = placeOf.get(target);
    if (place == null) {
      place = places.classify(target);
      placeOf.put(target, place);
    }
    return place;
  }

  /** A word's targets, for the folders they were resolved against. */
  private record Resolved(List<Path> cwds, List<Target> targets) {}

  /**
   * What a reader takes from the whole call (whether it runs a database client, say), read at the
   * first asking and kept for the scan: a predicate asked of each program reads the call once.
   *
   * @param key the reader's key, its class's name and what it reads
   * @param read the reading
   * @param <T> what it reads
   * @return what it read
   */
  @SuppressWarnings("unchecked")
  <T> T once(String key, java.util.function.Function<Scan, T> read) {
    if (readOnce == null) {
      readOnce = new HashMap<>();
    }
    Object kept = readOnce.get(key); // one look-up where it was read: asked of every program
    if (kept == null && !readOnce.containsKey(key)) {
      kept = read.apply(this);
      readOnce.put(key, kept);
    }
    return (T) kept;
  }

  /**
   * Records a match in a program.
   *
   * @param rule the rule
   * @param step the program
   * @param target the path, or {@code null}
   */
  public void hit(BuiltinRule rule, Step step, Target target) {
    add(new Hit(rule, step.invocation(), target, onDisk(render(step.invocation()), target)));
  }

  /**
   * Records a match in a program, found as {@code found} says (what a script it runs holds).
   *
   * @param rule the rule
   * @param step the program
   * @param found what was found
   */
  void hitFound(BuiltinRule rule, Step step, String found) {
    add(new Hit(rule, step.invocation(), null, found));
  }

  /** {@code found}, with the real path a target stands for when it is one on the disk. */
  private String onDisk(String found, Target target) {
    Path real = target == null ? null : realPaths.madeFor(target);
    return real == null ? found : found + " (on disk: " + real + ")";
  }

  /** Keeps one of the same match: a program the parse reaches two ways is one finding. */
  private void add(Hit hit) {
    if (RuleBook.rule(hit.rule().id()) != hit.rule()) {
      // A rule that matches must be the book's own (the allow list, the docs' table read it).
      throw new IllegalStateException("the built-in rule " + hit.rule().id() + " is not listed");
    }
    // One look-up a hit, not a comparison with every hit before: a long command of the same
    // dangerous program over and over (`rm -rf ~/x1; rm -rf ~/x2; …`) has thousands.
    if (seenHits == null) {
      seenHits = new HashSet<>(); // most commands match nothing
    }
    if (seenHits.add(new SameHit(hit.rule(), hit.found(), hit.target()))) {
      hits.add(hit);
    }
  }

  /**
   * What makes two hits one finding: the rule, what was found, the path (not how it was reached).
   */
  private record SameHit(BuiltinRule rule, String found, Target target) {}

  /**
   * Records a match of a file.
   *
   * @param rule the rule
   * @param access the access
   */
  public void hit(BuiltinRule rule, Access access) {
    String found =
        access.invocation() != null
            ? render(access.invocation())
            : call.tool() + " " + access.target().raw();
    add(new Hit(rule, access.invocation(), access.target(), onDisk(found, access.target())));
  }

  /**
   * Records a match of the whole call.
   *
   * @param rule the rule
   * @param found what was found
   */
  public void hit(BuiltinRule rule, String found) {
    add(new Hit(rule, null, null, found));
  }

  /** The longest rendering of a program in a reason. */
  private static final int MAX_SHOWN = 160;

  /**
   * A program as the person reads it in a reason: its words, quoted where they hold blanks.
   *
   * @param invocation the program
   * @return its text, cut at 160 characters
   */
  private static boolean hasBlank(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isWhitespace(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  public static String render(Invocation invocation) {
    StringBuilder out = new StringBuilder();
    for (Word word : invocation.words()) {
      String text = word.text();
      boolean quote = text.isEmpty() || hasBlank(text);
      out.append(quote ? "'" + text.replace("'", "'\\''") + "'" : text).append(' ');
      if (out.length() > MAX_SHOWN) {
        break;
      }
    }
    for (Redirect redirect : invocation.redirects()) {
      out.append(redirect.operator()).append(' ').append(redirect.target().text()).append(' ');
    }
    String shown = out.toString().strip();
    return shown.length() > MAX_SHOWN ? shown.substring(0, MAX_SHOWN) + "…" : shown;
  }
}
