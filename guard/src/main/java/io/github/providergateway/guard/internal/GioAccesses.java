package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * GNOME's {@code gio}, whose subcommands are the file tools: {@code gio remove} and {@code gio
 * trash} delete what they are given, {@code gio move} and {@code gio rename} move it, {@code gio
 * copy} reads and writes, {@code gio save} writes its input into a file. Source: gio(1).
 */
final class GioAccesses {
  private GioAccesses() {}

  /** Adds what {@code step}, a {@code gio} command, reads, writes and deletes. */
  static void add(Scan scan, Step step, List<Access> out) {
    List<Word> pos = Argv.of(step.args(), "").positionals();
    if (pos.isEmpty()) {
      return;
    }
    List<Word> operands = pos.subList(1, pos.size());
    switch (pos.get(0).text()) {
      case "remove", "rm", "trash" -> Accesses.all(scan, step, operands, Kind.DELETE, out);
      case "move", "mv", "rename" -> {
        if (!operands.isEmpty()) {
          List<Word> moved = operands.subList(0, Math.max(1, operands.size() - 1));
          Accesses.all(scan, step, moved, Kind.DELETE, out);
          Accesses.all(scan, step, moved, Kind.READ, out);
          Accesses.add(scan, step, operands.get(operands.size() - 1), Kind.WRITE, out);
        }
      }
      case "copy", "cp" -> {
        if (!operands.isEmpty()) {
          Accesses.all(scan, step, operands.subList(0, operands.size() - 1), Kind.READ, out);
          Accesses.add(scan, step, operands.get(operands.size() - 1), Kind.WRITE, out);
        }
      }
      case "save" -> Accesses.all(scan, step, operands, Kind.WRITE, out);
      case "cat", "open" -> Accesses.all(scan, step, operands, Kind.READ, out);
      default -> {}
    }
  }
}
