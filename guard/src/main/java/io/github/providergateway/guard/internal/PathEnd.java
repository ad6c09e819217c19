package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a path, name by name, wherever it is ({@code .claude/settings*.json} is the end of
 * {@code /home/ann/p/.claude/settings.local.json}): each name a glob ({@code *} any characters
 * within the name), as the agents' rows in {@code agents.json} write the places they keep.
 */
final class PathEnd {
  /** Each name, the folder's first: a literal name as itself, a glob where it has a wildcard. */
  private final List<Object> names;

  private PathEnd(String shape) {
    List<Object> each = new ArrayList<>();
    for (String name : shape.split("/", -1)) {
      if (name.isEmpty() || name.equals("**")) {
        throw new IllegalArgumentException("a path's end names each folder: " + shape);
      }
      each.add(Glob.hasWildcard(name) ? Glob.text(name) : name);
    }
    this.names = List.copyOf(each);
  }

  /** {@return the ends the lists write, in their order} */
  @SafeVarargs
  static List<PathEnd> all(List<String>... shapes) {
    List<PathEnd> ends = new ArrayList<>();
    for (List<String> list : shapes) {
      list.forEach(shape -> ends.add(new PathEnd(shape)));
    }
    return List.copyOf(ends);
  }

  /** {@return whether one of {@code ends} is the end of {@code path}} */
  static boolean anyEnds(List<PathEnd> ends, Path path) {
    for (PathEnd end : ends) {
      if (end.ends(path)) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether {@code path}'s last names are this end's, one by one} */
  boolean ends(Path path) {
    int count = path.getNameCount();
    if (count < names.size()) {
      return false;
    }
    int first = count - names.size();
    for (int i = 0; i < names.size(); i++) {
      String name = path.getName(first + i).toString();
      Object wanted = names.get(i);
      if (wanted instanceof Glob glob ? !glob.matches(name) : !wanted.equals(name)) {
        return false;
      }
    }
    return true;
  }
}
