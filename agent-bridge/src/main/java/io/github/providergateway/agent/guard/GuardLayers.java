package io.github.providergateway.agent.guard;

import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.PlainRule;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The guard's layers below a project's file (issue 66, docs/guard.md "Layers"): the built-in rules,
 * then the organisation's policy, then the person's settings, then (per call) the project's file.
 * With no organisation layer (no base settings) the person's settings are the base, as they were.
 * With one, the organisation's settings are the base ({@link GuardFactory#create}) and the person's
 * are taken as a project's file is: they can only tighten, so their {@code off} preset, a preset
 * lower than the base's, their allow list and their allow rules are left out, each with a problem.
 * The person's remaining rules and the project's file tighten the base together ({@link
 * GuardFactory#tightened}).
 *
 * <pre>{@code
 * GuardLayers layers = GuardLayers.of(orgSettings, "org:v3", person, environment, err::println);
 * Guard inProject = layers.withProject(projectSettings);
 * }</pre>
 */
public final class GuardLayers {

  /** The rule that denies every call while no good policy is in force under {@code deny}. */
  public static final String POLICY_MISSING = "policy.missing";

  /** The guard of the base settings. */
  private final Guard base;

  /** The person's settings as a tightening, or null when the person's are the base. */
  private final GuardSettings tightening;

  /** The guard of a call with no project: the base, tightened by the person's. */
  private final Guard guard;

  private GuardLayers(Guard base, GuardSettings tightening, Guard guard) {
    this.base = base;
    this.tightening = tightening;
    this.guard = guard;
  }

  /**
   * {@return the guard of a call with no project: the organisation's layer, if any, tightened by
   * the person's settings}
   */
  public Guard guard() {
    return guard;
  }

  /**
   * The layers of an organisation's {@code base} settings (null for none) and the person's settings
   * on {@code environment}; what of the person's is left out goes to {@code problems}, a line each.
   *
   * @param base the organisation's settings, or null when no organisation layer is in force
   * @param label the organisation's layer as the problems name it
   * @param person the person's settings
   * @param environment the machine's folders as the guard needs them
   * @param problems told what of the person's settings is left out
   * @return the layers
   */
  public static GuardLayers of(
      GuardSettings base,
      String label,
      GuardSettings person,
      GuardEnvironment environment,
      Consumer<String> problems) {
    if (base == null) {
      Guard guard = GuardFactory.create(person, environment);
      return new GuardLayers(guard, null, guard);
    }
    Guard baseGuard = GuardFactory.create(base, environment);
    GuardSettings tightening = tightening(person, base.preset(), label, problems);
    return new GuardLayers(baseGuard, tightening, GuardFactory.tightened(baseGuard, tightening));
  }

  /**
   * The guard of a call in a project whose file says {@code project}.
   *
   * @param project the project's file's settings
   * @return the base tightened by the person's and the project's settings
   */
  public Guard withProject(GuardSettings project) {
    if (tightening == null) {
      return GuardFactory.tightened(base, project);
    }
    List<PlainRule> rules = new ArrayList<>(project.rules());
    rules.addAll(tightening.rules());
    GuardPreset preset =
        project.preset().compareTo(tightening.preset()) > 0
            ? project.preset()
            : tightening.preset();
    return GuardFactory.tightened(
        base, new GuardSettings(preset, rules, List.of(), project.problems()));
  }

  /** The person's settings as a tightening of a base whose preset is {@code floor}. */
  private static GuardSettings tightening(
      GuardSettings person, GuardPreset floor, String layer, Consumer<String> problems) {
    String why =
        " (left out: the organisation's layer, "
            + layer
            + ", is in force; a person's"
            + " settings can only tighten it)";
    GuardPreset preset = person.preset();
    if (preset == GuardPreset.OFF) {
      problems.accept("guard.preset: off" + why);
    } else if (preset.compareTo(floor) < 0) {
      problems.accept(
          "guard.preset: " + preset.wireName() + " is lower than " + floor.wireName() + why);
      preset = GuardPreset.OFF;
    }
    for (PlainRule allowed : person.allow()) {
      problems.accept("guard.allow '" + allowed.id() + "'" + why);
    }
    List<PlainRule> rules = new ArrayList<>();
    for (PlainRule rule : person.rules()) {
      if (rule.action() == GuardVerdict.Outcome.ALLOW) {
        problems.accept("guard.rules '" + rule.id() + "': an allow" + why);
      } else {
        rules.add(rule);
      }
    }
    return new GuardSettings(preset, rules, List.of(), List.of());
  }
}
