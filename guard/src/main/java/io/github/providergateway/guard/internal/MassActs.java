package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * An act repeated over a listing (decision 122, {@code shapes.mass-acts}): a program that is no
 * local developer's tool, fed its names by {@code xargs} or {@code find -exec}, that acts (an
 * acting verb or flag, a destroy told not to confirm, a store's writing statement); or a counted
 * loop ({@code for i in $(seq 1 400)}) of at least {@code loopCount} turns that runs such a program
 * at all. Each name alone would be one act the person could weigh; the listing makes it every one.
 */
final class MassActs {
  private MassActs() {}

  /** What the call repeats over a listing, or {@code null}. */
  static String found(Scan scan) {
    List<Step> steps = scan.steps();
    boolean counted = false;
    for (Step step : steps) {
      if (step.program().equals("seq") && substituted(step) && count(step.args())) {
        counted = true;
      }
    }
    for (Step step : steps) {
      String program = step.program();
      if (program.isEmpty() || ShapeObjects.local(program) && !storeClient(program)) {
        continue;
      }
      List<Word> args = step.args();
      if (SharedActs.dryRun(args) || SharedActs.localOrTest(step, args)) {
        continue;
      }
      if (fedByListing(step) && acts(step, program, args)) {
        return step.shown() + " (over a listing)";
      }
      if (counted && !substituted(step) && !step.interpreter() && !storeClient(program)) {
        return step.shown() + " (in a counted loop)";
      }
    }
    return null;
  }

  private static boolean storeClient(String program) {
    return ShapeObjects.STORE_CLIENTS.contains(program);
  }

  private static boolean acts(Step step, String program, List<Word> args) {
    if (storeClient(program)) {
      return StoreClientWrites.writes(step); // a local store's keys deleted are the db family's
    }
    return SharedActs.acts(args) || SharedActs.unconfirmedDestroy(args);
  }

  private static boolean fedByListing(Step step) {
    List<String> via = step.invocation().via();
    return via.contains("xargs") || via.contains("find -exec");
  }

  private static boolean substituted(Step step) {
    for (String how : step.invocation().via()) {
      if (how.startsWith("$(") || how.startsWith("`")) {
        return true;
      }
    }
    return false;
  }

  /** {@code seq 400}, {@code seq 1 400}: a last number at least the loop count. */
  private static boolean count(List<Word> args) {
    if (args.isEmpty()) {
      return false;
    }
    String last = args.get(args.size() - 1).text();
    if (last.isEmpty() || last.length() > 9 || !last.chars().allMatch(Character::isDigit)) {
      return false;
    }
    return Integer.parseInt(last) >= ShapeObjects.LOOP_COUNT;
  }
}
