package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;

/**
 * One program of the command, with the folders it may run in, and what every family asks of it read
 * once: its name, its {@link ProgramKind}s as bits, whether it is an interpreter.
 */
public final class Step {
  /** The bit of {@link #kinds} that says the program is a shell or an interpreter. */
  private static final int INTERPRETER = ProgramKind.FREE_BIT;

  private final Invocation invocation;
  private final List<Path> cwds;
  private final String program;

  /**
   * The program's {@link ProgramKind}s as bits, and {@link #INTERPRETER} when it is a shell or an
   * interpreter: one field, not two, as a long command has thousands of steps (8 bytes each).
   */
  private final int kinds;

  /** The arguments, made when first asked: most programs are never asked them. */
  private List<Word> args;

  /** The program as a reason shows it, made when first asked. */
  private String shown;

  /** What the book's when clauses read of the program, made when first asked. */
  private StepReadings readings;

  /**
   * The call whose gates {@link #gates} holds: a step is read within one call, but a family may
   * read one anew (a container's command) and the gates are the call's as much as the program's.
   */
  private Scan gatesOf;

  /**
   * The {@link PredicateGate}s checked of this program (bit 2g) and those it passed (bit 2g + 1),
   * for {@link #gatesOf}: every family's clauses ask the same gates of the same program.
   */
  private long gates;

  /**
   * A program and its folders.
   *
   * @param invocation the program
   * @param cwds the folders it may run in ({@code null} among them: unknown)
   */
  public Step(Invocation invocation, List<Path> cwds) {
    this(invocation, cwds, VersionedClients.plain(invocation.program()));
  }

  private Step(Invocation invocation, List<Path> cwds, String program) {
    this(invocation, cwds, program, kindsOf(program));
  }

  private Step(Invocation invocation, List<Path> cwds, String program, int kinds) {
    this.invocation = invocation;
    this.cwds = cwds;
    this.program = program;
    this.kinds = kinds;
  }

  /**
   * Another program of the same first word, its name and kinds taken from this one's rather than
   * looked up again.
   *
   * @param invocation the other program
   * @param cwds the folders it may run in
   * @return its step
   */
  Step another(Invocation invocation, List<Path> cwds) {
    return new Step(invocation, cwds, program, kinds);
  }

  /** {@return the kinds of the program {@code program}, {@link #INTERPRETER} among them} */
  private static int kindsOf(String program) {
    int bits = ProgramKind.of(program);
    return ProgramKind.isInterpreter(program, bits) ? bits | INTERPRETER : bits;
  }

  /** {@return the program} */
  public Invocation invocation() {
    return invocation;
  }

  /** {@return the folders it may run in ({@code null} among them: unknown)} */
  public List<Path> cwds() {
    return cwds;
  }

  /** {@return the program's name without its folder, read once} */
  public String program() {
    return program;
  }

  /**
   * {@return the program as the person reads it in a reason ({@link Scan#render}), made once: the
   * flow readers ask it of every program of a long command}
   */
  public String shown() {
    String text = shown;
    if (text == null) {
      text = Scan.render(invocation);
      shown = text;
    }
    return text;
  }

  /** {@return the arguments, the program left out: a view of its words, taken once} */
  public List<Word> args() {
    List<Word> taken = args;
    if (taken == null) {
      List<Word> words = invocation.words();
      taken = words.isEmpty() ? List.of() : words.subList(1, words.size());
      args = taken;
    }
    return taken;
  }

  /**
   * {@return what the book's when clauses read of the program, for an index: made once, however
   * many families ask}
   */
  StepReadings readings(BookIndex index) {
    StepReadings kept = StepReadings.of(readings, index, program);
    readings = kept;
    return kept;
  }

  /** {@return the gates checked and passed in a call ({@link PredicateGate#passes}), as bits} */
  long gates(Scan scan) {
    return gatesOf == scan ? gates : 0;
  }

  /**
   * Keeps more of the gates checked and passed in a call.
   *
   * @param scan the call
   * @param bits the gates' bits to add
   * @return every gate's bits now kept for the call
   */
  long gated(Scan scan, long bits) {
    if (gatesOf != scan) {
      gatesOf = scan;
      gates = 0;
    }
    gates |= bits;
    return gates;
  }

  /** {@return the program's {@link ProgramKind}s, as bits: looked up once} */
  int kinds() {
    return kinds & ~INTERPRETER;
  }

  /**
   * {@return whether the program is a shell or an interpreter ({@link ProgramKind#isInterpreter}):
   * asked once, as several rules ask it of every program}
   */
  public boolean interpreter() {
    return (kinds & INTERPRETER) != 0;
  }

  /** {@return whether the program is of this kind} */
  boolean is(ProgramKind kind) {
    return kind.in(kinds());
  }

  /** {@return whether a program whose name starts with {@code prefix} runs this one (xargs)} */
  boolean reachedBy(String prefix) {
    for (String via : invocation.via()) {
      if (via.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "Step[" + invocation + ", cwds=" + cwds + "]";
  }
}
