package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Opaque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The rules of some of the book's families that match by when clauses ({@link When}): for each
 * program of the call, each clause in its order (the book's, unless a clause gives its own); a
 * clause met is a match of its rule. The families listed are scanned together, in the place of the
 * catalogue where their code was, so that the rules are found in the order they were.
 */
final class BookRules implements Family {
  /** The book's index of programs and options, numbering this group's too. */
  private final BookIndex index;

  /** The places of the clauses on the whole call, in order, and their predicates. */
  private final int[] onCallPlaces;

  /**
   * Their predicates, each made when first asked (decision 329); any thread, as {@link BookClause}.
   */
  private final Where.CallPredicate[] onCallTests;

  /** The places of the clauses each program is tried by, and of those tried late. */
  private final ClausePlaces places;

  private final ClausePlaces latePlaces;

  private final List<BuiltinRule> rules = new ArrayList<>();

  /** Every clause, in the order they are tried: by their order, then the book's. */
  private final List<BookClause> clauses = new ArrayList<>();

  /**
   * A clause over files ({@link RuleSpec.Files}) of a rule.
   *
   * @param rule the rule
   * @param when the clause
   * @param places where the files it is about lie
   */
  private record FileClause(BuiltinRule rule, When when, FilePlaces places) {}

  /** Every clause over files, in the order they are tried for each file the call accesses. */
  private final List<FileClause> fileClauses = new ArrayList<>();

  /** The clauses over files read together when the group has secret clauses, else {@code null}. */
  private final SecretAccesses secrets;

  /** Whether a clause is asked of what was not read. */
  private boolean onUnread;

  /** Whether a family's code tries these clauses in its own loop ({@link #triedInALoop}). */
  private boolean inALoop;

  /**
   * Whether the clauses are tried program by program ({@link #afterTheOthers}), not clause by
   * clause over the call's programs ({@link PlacedSteps}).
   */
  private boolean byProgram;

  /**
   * The rules with when clauses of the families and rules named.
   *
   * @param specs the book
   * @param names the families' names ({@code git}) and rules' ids ({@code publish.maven})
   */
  BookRules(List<RuleSpec> specs, String... names) {
    this(specs, java.util.Set.of(names));
  }

  private BookRules(List<RuleSpec> specs, java.util.Set<String> names) {
    this(specs, spec -> names.contains(spec.rule().category()) || names.contains(spec.rule().id()));
  }

  /**
   * The rules with when clauses of the rules named, tried by a family's code at their place in its
   * loop over the programs ({@link #scan(Scan, Step)}: {@link HostingRules}, {@link FileRules}),
   * where what they find decides what the code does next; never scanned on their own, so that they
   * are found exactly where they were.
   *
   * @param specs the book
   * @param names the rules' ids
   * @return their clauses
   */
  static BookRules triedInALoop(List<RuleSpec> specs, String... names) {
    BookRules rules = new BookRules(specs, names);
    if (!rules.latePlaces.isEmpty()) {
      throw new IllegalStateException("a clause tried in a family's loop is not late: " + names[0]);
    }
    rules.inALoop = true;
    return rules;
  }

  /**
   * The rules with when clauses of the rules named, whose predicates read the rules found before
   * them ({@link UnjudgedVerbs}: a program no rule matched): tried program by program, each
   * program's clauses in turn, so that a program's matches are all found before the next program is
   * asked.
   *
   * @param specs the book
   * @param names the rules' ids
   * @return their clauses
   */
  static BookRules afterTheOthers(List<RuleSpec> specs, String... names) {
    BookRules rules = new BookRules(specs, names);
    rules.byProgram = true;
    return rules;
  }

  /**
   * The rules with when clauses that none of {@code others} finds: a rule added to the book is
   * found with no change to the catalogue, after the families' code.
   *
   * @param specs the book
   * @param others the rules found elsewhere
   * @return their scan
   */
  static BookRules except(List<RuleSpec> specs, Family... others) {
    java.util.Set<BuiltinRule> found = new java.util.HashSet<>();
    for (Family other : others) {
      found.addAll(other.rules());
    }
    return new BookRules(specs, spec -> !found.contains(spec.rule()));
  }

  /**
   * The rules with when clauses of a family that none of {@code others} finds.
   *
   * @param specs the book
   * @param family the family's name ({@code secrets})
   * @param others the rules of the family found elsewhere
   * @return their scan
   */
  static BookRules family(List<RuleSpec> specs, String family, BookRules... others) {
    java.util.Set<BuiltinRule> found = new java.util.HashSet<>();
    for (BookRules other : others) {
      found.addAll(other.rules());
    }
    return new BookRules(
        specs, spec -> spec.rule().category().equals(family) && !found.contains(spec.rule()));
  }

  private BookRules(List<RuleSpec> specs, java.util.function.Predicate<RuleSpec> meant) {
    List<Map.Entry<BuiltinRule, When>> fileWhens = new ArrayList<>();
    List<Map.Entry<BuiltinRule, When>> whens = new ArrayList<>();
    boolean hasSecrets = false;
    for (RuleSpec spec : specs) {
      if (meant.test(spec) && !spec.matches().when().isEmpty()) {
        rules.add(spec.rule());
        for (When when : spec.matches().when()) {
          if (when.where() != null && !Where.names().contains(when.where())) {
            // Refused where the rules are first gathered, with the catalogue's other checks.
            throw new IllegalStateException(
                spec.rule().id() + ": no predicate is named '" + when.where() + "'");
          }
          if (when.where() != null && Where.onCall(when.where()) != when.call()) {
            throw new IllegalStateException(
                spec.rule().id()
                    + ": '"
                    + when.where()
                    + "' is a predicate of "
                    + (when.call() ? "a program, not the call" : "the call, not a program"));
          }
          if (!when.unread().isEmpty() && when.where() != null && Where.findsPaths(when.where())) {
            throw new IllegalStateException(
                spec.rule().id() + ": '" + when.where() + "' finds paths, not what was not read");
          }
          if (when.files() != null) {
            fileWhens.add(Map.entry(spec.rule(), when));
            hasSecrets |= when.files().kind().equals("secret");
            continue;
          }
          onUnread |= !when.unread().isEmpty();
          whens.add(Map.entry(spec.rule(), when));
        }
      }
    }
    whens.sort(Comparator.comparingInt(clause -> clause.getValue().order())); // stable
    List<When> tried = whens.stream().map(Map.Entry::getValue).toList();
    index = BookIndex.covering(tried);
    for (Map.Entry<BuiltinRule, When> clause : whens) {
      When when = clause.getValue();
      clauses.add(new BookClause(clause.getKey(), when, index.valueSet(when.values())));
    }
    List<Integer> callPlaces = new ArrayList<>();
    for (int i = 0; i < clauses.size(); i++) {
      if (clauses.get(i).when().call()) {
        callPlaces.add(i);
      }
    }
    onCallPlaces = callPlaces.stream().mapToInt(Integer::intValue).toArray();
    onCallTests = new Where.CallPredicate[onCallPlaces.length];
    // Each clause's names read when a program is first placed, not now: that makes its predicate.
    List<Predicate<String>> names =
        new java.util.AbstractList<>() {
          @Override
          public Predicate<String> get(int place) {
            return clauses.get(place).names();
          }

          @Override
          public int size() {
            return clauses.size();
          }
        };
    places = new ClausePlaces(index, tried, names, false);
    latePlaces = new ClausePlaces(index, tried, names, true);
    fileWhens.sort(Comparator.comparingInt(clause -> clause.getValue().order()));
    if (hasSecrets) {
      // Secret clauses and the group's other clauses over files claim a file written together.
      secrets = new SecretAccesses(fileWhens);
    } else {
      secrets = null;
      for (Map.Entry<BuiltinRule, When> clause : fileWhens) {
        When when = clause.getValue();
        fileClauses.add(new FileClause(clause.getKey(), when, FilePlaces.of(when.files())));
      }
    }
  }

  @Override
  public String code() {
    return null; // the book's own
  }

  @Override
  public List<BuiltinRule> rules() {
    return rules;
  }

  /**
   * Finds the rules: the clauses on the whole call first, then the programs', then each place the
   * parse could not read. A program's clauses are tried clause by clause over the call ({@link
   * PlacedSteps}), and what they find is recorded program by program, each program's in its
   * clauses' order, as trying them program by program would: a predicate reads the call and the
   * program, never the rules found so far (but {@link #afterTheOthers}'), so it answers the same in
   * either order.
   */
  @Override
  public void scan(Scan scan) {
    if (inALoop) {
      return; // tried by the family's code, program by program
    }
    for (int i = 0; i < onCallPlaces.length; i++) {
      BookClause clause = clauses.get(onCallPlaces[i]);
      String found = onCallTest(i).found(scan);
      if (found != null) {
        scan.hit(clause.rule(), found);
      }
    }
    List<Step> steps = scan.steps();
    for (ClausePlaces placed : new ClausePlaces[] {places, latePlaces}) {
      if (placed.isEmpty() || steps.isEmpty()) {
        continue;
      }
      if (byProgram) {
        for (int i = 0; i < steps.size(); i++) {
          scan(scan, steps.get(i), placed);
        }
      } else {
        scanByClause(scan, steps, placed);
      }
    }
    if (onUnread) {
      scanUnread(scan);
    }
    scanFiles(scan);
  }

  /**
   * The predicate of the clause on the whole call at {@code onCallPlaces[i]}, made when first
   * asked.
   */
  private Where.CallPredicate onCallTest(int i) {
    Where.CallPredicate test = onCallTests[i];
    if (test == null) {
      test = Where.ofCall(clauses.get(onCallPlaces[i]).when().where());
      onCallTests[i] = test;
    }
    return test;
  }

  /** The clauses over files: each file the call accesses, tried by each clause in its order. */
  private void scanFiles(Scan scan) {
    if (secrets != null) {
      secrets.scan(scan);
      return;
    }
    if (fileClauses.isEmpty()) {
      return;
    }
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command accesses hundreds
      Access access = accesses.get(i);
      for (int k = 0; k < fileClauses.size(); k++) {
        FileClause clause = fileClauses.get(k);
        if (meets(access, clause.when()) && clause.places().holds(scan, access)) {
          scan.hit(clause.rule(), access);
        }
      }
    }
  }

  /** Whether a file access is of the kind a clause is about, by one of its programs. */
  static boolean meets(Access access, When when) {
    boolean kind =
        switch (when.files().kind()) {
          case "reads" -> access.kind() == Access.Kind.READ;
          case "writes" -> access.kind() == Access.Kind.WRITE;
          case "deletes" -> access.kind() == Access.Kind.DELETE;
          default -> access.changes();
        };
    return kind
        && (when.files().metadata() || !access.metadataOnly())
        && (when.programs().contains("*")
            || access.invocation() != null
                && when.programs().contains(access.invocation().program()));
  }

  /**
   * Tries the clauses on one program: for a family's code that reads the command a program at a
   * time and finds these rules at their place in its loop ({@link HostingRules}).
   *
   * @param scan the call
   * @param step the program
   * @return whether a clause held
   */
  boolean scan(Scan scan, Step step) {
    return scan(scan, step, places);
  }

  private boolean scan(Scan scan, Step step, ClausePlaces placed) {
    StepReadings readings = step.readings(index); // read once a step for every family
    boolean met = false;
    int[] tried = placed.of(readings.number(), step.program());
    for (int i = 0; i < tried.length; i++) {
      BookClause clause = clauses.get(tried[i]);
      met |= hit(scan, step, clause, found(scan, step, readings, clause));
    }
    return met;
  }

  /**
   * A program's clauses, tried clause by clause over the call's programs: each clause on every
   * program it is placed for, then the next. What they find is recorded at the end, program by
   * program and each program's in its clauses' order.
   */
  private void scanByClause(Scan scan, List<Step> steps, ClausePlaces placed) {
    PlacedSteps grouped = new PlacedSteps(scan, index, placed, clauses.size());
    List<Met> met = null;
    for (int place = 0; place < clauses.size(); place++) {
      BookClause clause = null;
      for (int entry = grouped.first(place); entry < grouped.end(place); entry++) {
        clause = clause == null ? clauses.get(place) : clause;
        if (!clause.mayHold(scan)) {
          break; // the call holds none of its clues: it holds of none of the call's programs
        }
        for (int s : grouped.programs(entry)) {
          Step step = steps.get(s);
          Object found = found(scan, step, step.readings(index), clause);
          if (found != null) {
            met = met == null ? new ArrayList<>() : met;
            met.add(new Met(s, place, found));
          }
        }
      }
    }
    if (met != null) {
      met.sort(Comparator.comparingInt(Met::step).thenComparingInt(Met::place));
      for (Met one : met) {
        hit(scan, steps.get(one.step()), clauses.get(one.place()), one.found());
      }
    }
  }

  /**
   * What a clause found in a program.
   *
   * @param step the program, as its place in the call's steps
   * @param place the clause's place
   * @param found what {@link #found} gave
   */
  private record Met(int step, int place, Object found) {}

  /** What a clause met in a program found: {@link #MET}, or paths. */
  private static final Object MET = new Object();

  /**
   * What a clause finds in a program.
   *
   * @return {@link #MET} where it holds, the paths it finds where it finds paths, or {@code null}
   *     where it does not hold or finds none
   */
  private Object found(Scan scan, Step step, StepReadings readings, BookClause clause) {
    if (clause.gate() != null && !clause.gate().passes(scan, step)) {
      return null; // its predicate would not hold: not asked, nor its words read
    }
    Read read =
        clause.bare()
            ? readings.read(step, clause.set(), clause.when().values(), false)
            : read(step, readings, clause);
    if (read == null) {
      return null;
    }
    if (clause.paths() != null) {
      List<Target> found = clause.paths().found(scan, step, read);
      return found.isEmpty() ? null : found;
    }
    return clause.test() == null || clause.test().test(scan, step, read) ? MET : null;
  }

  /** Records what a clause found in a program: {@code found} as {@link #found} gave it. */
  private static boolean hit(Scan scan, Step step, BookClause clause, Object found) {
    if (found == null) {
      return false;
    }
    if (found == MET) {
      scan.hit(clause.rule(), step, null); // a rule met twice in a program is one hit
      return true;
    }
    @SuppressWarnings("unchecked")
    List<Target> targets = (List<Target>) found;
    for (Target target : targets) {
      scan.hit(clause.rule(), step, target); // each path found, as the reason shows it
    }
    return true;
  }

  /**
   * The clauses on what the parse could not read ({@code "unread"}): each place, read as the
   * program it runs there, in the call's folder.
   */
  private void scanUnread(Scan scan) {
    List<Opaque> found = scan.opaque();
    for (int i = 0; i < found.size(); i++) {
      Opaque opaque = found.get(i);
      Step step =
          new Step(
              opaque.invocation(),
              List.of(scan.call().cwd() == null ? null : scan.call().cwd().normalize()));
      String kind = opaque.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
      for (BookClause clause : clauses) {
        When when = clause.when();
        if (when.unread().contains(kind)
            && (clause.names() == null || clause.names().test(step.program()))
            && (clause.gate() == null || clause.gate().passes(scan, step))
            && (clause.test() == null
                || clause
                    .test()
                    .test(
                        scan,
                        step,
                        new Read(
                            "",
                            step.args(),
                            () -> StepReadings.argv(step.args(), when.values()))))) {
          scan.hit(clause.rule(), step, null);
        }
      }
    }
  }

  /**
   * A program of the clause's as the clause reads it, where every part it gives but its {@code
   * where} holds.
   *
   * @return the reading, or {@code null} where a part does not hold
   */
  private static Read read(Step step, StepReadings readings, BookClause clause) {
    When when = clause.when();
    boolean subcommands = !when.subcommands().isEmpty();
    Read read = readings.read(step, clause.set(), when.values(), subcommands);
    if (!clause.words().subcommand(read.subcommand()) || !clause.words().hold(read.args(), step)) {
      return null;
    }
    if (clause.options()) {
      Argv argv = read.argv();
      Argv options =
          when.anywhere() ? readings.read(step, clause.set(), when.values(), false).argv() : argv;
      if (!when.then().isEmpty() && !when.then().contains(Argv.textAt(argv.positionals(), 0))
          || !when.any().isEmpty() && !hasAny(options, when.any())
          || !when.also().isEmpty() && !hasAny(options, when.also())
          || hasAny(options, when.none())
          || argv.positionals().size() < when.positionals()) {
        return null;
      }
    }
    return read;
  }

  /** Whether a clause asks of the options or positionals after the subcommand. */
  static boolean readsOptions(When when) {
    return !when.then().isEmpty()
        || !when.any().isEmpty()
        || !when.also().isEmpty()
        || !when.none().isEmpty()
        || when.positionals() > 0;
  }

  private static boolean hasAny(Argv argv, List<String> options) {
    for (String option : options) {
      if (option.length() == 1 ? argv.has(option.charAt(0)) : argv.has(option)) {
        return true;
      }
    }
    return false;
  }
}
