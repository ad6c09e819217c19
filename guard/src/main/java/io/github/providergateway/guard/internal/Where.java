package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The named predicates a rule's when clause may ask for ({@code "where": "refspec-forced"}): what
 * the book's data cannot say (a refspec's {@code +}, a setting's value, a script's lines), each in
 * Java under one name. A name the book uses and this table lacks fails the catalogue's checks, at
 * the first guard (BookRules).
 */
final class Where {
  /**
   * A predicate over one program as a clause read it. It reads the call and the program, never the
   * rules found so far, so that a group may try its clauses in any order ({@link PlacedSteps}); one
   * that does is in a group tried program by program ({@link BookRules#afterTheOthers}).
   *
   * <p>Implemented by the classes that hold the knowledge ({@link GitPredicates}).
   */
  @FunctionalInterface
  interface Predicate {
    /**
     * Whether it holds.
     *
     * @param scan the call
     * @param step the program
     * @param read its subcommand's arguments, options read as the clause's values say
     * @return whether the predicate holds
     */
    boolean test(Scan scan, Step step, Read read);
  }

  /**
   * A predicate over the whole call, for a clause asked once of it ({@code "call": true}): what it
   * found, as the reason shows it.
   *
   * <p>Implemented by the classes that hold the knowledge ({@link SystemPredicates}).
   */
  @FunctionalInterface
  interface CallPredicate {
    /**
     * What the call holds that the predicate looks for.
     *
     * @param scan the call
     * @return what was found, as the reason shows it, or {@code null} for nothing
     */
    String found(Scan scan);
  }

  /**
   * A predicate that finds paths among a program's arguments ({@code names-disk}): the rule is
   * found once for each, as the reason shows it (with the path on the disk it stands for).
   *
   * <p>Implemented by the classes that hold the knowledge ({@link DiskPredicates}).
   */
  @FunctionalInterface
  interface Paths {
    /**
     * The paths the predicate finds.
     *
     * @param scan the call
     * @param step the program
     * @param read its subcommand's arguments
     * @return the paths; empty where it does not hold
     */
    List<Target> found(Scan scan, Step step, Read read);
  }

  /**
   * A program as a clause reads it: its options read at the first asking, as most predicates over
   * any program ({@code "program": "*"}) never ask.
   */
  static final class Read {
    private final String subcommand;
    private final List<Word> args;

    /**
     * What reads the options, or {@code null} where {@link #words} are read with {@link #values}.
     */
    private final Supplier<Argv> reading;

    /**
     * The words read for the options, with the options that take a value; {@code reading}'s none.
     */
    private final List<Word> words;

    private final List<String> values;

    private Argv argv;

    /**
     * A program's reading.
     *
     * @param subcommand the subcommand, or the empty string
     * @param args the words after the subcommand
     * @param argv those words' options and positionals, read when asked
     */
    Read(String subcommand, List<Word> args, Supplier<Argv> argv) {
      this.subcommand = subcommand;
      this.args = args;
      this.reading = argv;
      this.words = null;
      this.values = null;
    }

    /**
     * A program's reading whose options are read from words with the options that take a value
     * ({@link StepReadings#argv}): a long command makes one for each of its programs, with no
     * function to carry.
     *
     * @param subcommand the subcommand, or the empty string
     * @param args the words after the subcommand
     * @param words the words read for the options ({@code args}, or them after a {@code --})
     * @param values the options that take a value
     */
    Read(String subcommand, List<Word> args, List<Word> words, List<String> values) {
      this.subcommand = subcommand;
      this.args = args;
      this.reading = null;
      this.words = words;
      this.values = values;
    }

    /** {@return the subcommand, or the empty string} */
    String subcommand() {
      return subcommand;
    }

    /** {@return the words after the subcommand} */
    List<Word> args() {
      return args;
    }

    /** {@return those words' options and positionals, read as the clause's values say} */
    Argv argv() {
      if (argv == null) {
        argv = reading != null ? reading.get() : StepReadings.argv(words, values);
      }
      return argv;
    }
  }

  /**
   * What a reader makes of a program: the effect a predicate of several compares with.
   *
   * @param <T> what it makes of it
   */
  @FunctionalInterface
  interface Reading<T> {
    /**
     * Reads a program.
     *
     * @param scan the call
     * @param step the program
     * @param read its subcommand's arguments
     * @return what it makes of it
     */
    T of(Scan scan, Step step, Read read);
  }

  /**
   * Adds a predicate a name, each holding where the reading of a program is the name's value
   * ({@code terraform-destroys} where {@link TerraformPlans#effect} is {@code DESTROY}).
   *
   * @param named the predicates by name
   * @param values each name's value
   * @param reading the reading
   * @param <T> what the reading makes of a program
   */
  static <T> void byValue(Map<String, Predicate> named, Map<String, T> values, Reading<T> reading) {
    values.forEach(
        (name, value) ->
            named.put(name, (scan, step, read) -> reading.of(scan, step, read) == value));
  }

  private static final Map<String, Predicate> BY_NAME;

  private static final Map<String, CallPredicate> ON_CALL;

  private static final Map<String, Paths> ON_PATHS;

  private static final Set<String> NAMES;

  static {
    Map<String, Paths> onPaths = new NamedOnce<>();
    DiskPredicates.addPathsTo(onPaths);
    ON_PATHS = Collections.unmodifiableMap(onPaths);
    Map<String, CallPredicate> onCall = new NamedOnce<>();
    SystemPredicates.addCallsTo(onCall);
    DeferredPredicates.addCallsTo(onCall);
    ToolPredicates.addCallsTo(onCall);
    LeakPredicates.addCallsTo(onCall);
    ActsPredicates.addCallsTo(onCall);
    PersonalData.addCallsTo(onCall);
    PrivacyPredicates.addCallsTo(onCall);
    WeakenPredicates.addCallsTo(onCall);
    LoosenedEdits.addCallsTo(onCall);
    DeployedConfigEdits.addCallsTo(onCall); // decision 309
    OrgDirectories.addCallsTo(onCall);
    HardwarePredicates.addCallsTo(onCall);
    PlantPredicates.addCallsTo(onCall);
    LabPredicates.addCallsTo(onCall);
    MaintainerPredicates.addCallsTo(onCall);
    LogisticsPredicates.addCallsTo(onCall);
    SaasPredicates.addCallsTo(onCall);
    CustomerPredicates.addCallsTo(onCall);
    ReleasePredicates.addCallsTo(onCall);
    LiveOps.addCallsTo(onCall);
    Depots.addCallsTo(onCall);
    SharedSystems.addCallsTo(onCall);
    WebLookups.addCallsTo(onCall);
    SafeguardPredicates.addCallsTo(onCall);
    ChainPredicates.addCallsTo(onCall);
    ClinicalPredicates.addCallsTo(onCall);
    RegulatedData.addCallsTo(onCall);
    MoneyPredicates.addCallsTo(onCall);
    LandPredicates.addCallsTo(onCall);
    ApplePredicates.addCallsTo(onCall);
    WindowsPredicates.addCallsTo(onCall);
    ToolingPredicates.addCallsTo(onCall);
    CopiesPredicates.addCallsTo(onCall);
    DesktopPredicates.addCallsTo(onCall);
    DatabasePredicates.addCallsTo(onCall);
    RecordsPredicates.addCallsTo(onCall);
    TelephonyActs.addCallsTo(onCall);
    NetworkDevices.addCallsTo(onCall);
    BootPredicates.addCallsTo(onCall);
    CommercePredicates.addCallsTo(onCall);
    ShapeObjectPredicates.addCallsTo(onCall);
    PeoplePredicates.addCallsTo(onCall);
    NewsroomPredicates.addCallsTo(onCall);
    RawProtocolSends.addCallsTo(onCall);
    AssembledWords.addCallsTo(onCall);
    ProductionConfigWrites.addCallsTo(onCall);
    ProductionDefaults.addCallsTo(onCall);
    OperationsPredicates.addCallsTo(onCall);
    RehearsalSends.addCallsTo(onCall);
    ON_CALL = Collections.unmodifiableMap(onCall);
    Map<String, Predicate> named = new NamedOnce<>();
    GitPredicates.addTo(named);
    TagsPushed.addTo(named);
    BuildPublishes.addTo(named);
    SystemPredicates.addTo(named);
    PersistPredicates.addTo(named);
    PrintedSecretPredicates.addTo(named);
    SecretPredicates.addTo(named);
    InfraPredicates.addTo(named);
    DataPredicates.addTo(named);
    CloudPredicates.addTo(named);
    RemotePredicates.addTo(named);
    ExecPredicates.addTo(named);
    HostingRules.addTo(named);
    DiskPredicates.addTo(named);
    OutPredicates.addTo(named);
    KeyShareExports.addTo(named);
    PersonLookups.addTo(named);
    ProductionPredicates.addTo(named);
    ProductionConfigWrites.addTo(named);
    ProductionDefaults.addTo(named);
    ProductionWrites.addTo(named);
    ProductionAdminActs.addTo(named);
    StreamTargets.addTo(named);
    MachinePredicates.addTo(named);
    DesktopPredicates.addTo(named);
    DeviceIndirection.addTo(named);
    SystemFileWrites.addTo(named);
    SupplyPredicates.addTo(named);
    FedFromNetwork.addTo(named);
    CheckPredicates.addTo(named);
    LeakPredicates.addTo(named);
    AccessGrants.addTo(named);
    ActsPredicates.addTo(named);
    PersonalData.addTo(named);
    AttackPredicates.addTo(named);
    PrivacyPredicates.addTo(named);
    PersonPredicates.addTo(named);
    ServiceVerbs.addTo(named);
    ActingVerbs.addTo(named);
    UnjudgedVerbs.addTo(named);
    SharedSystems.addTo(named);
    LoosenedEdits.addTo(named);
    LiveKeys.addTo(named);
    ExposureSpellings.addTo(named);
    SupplySpellings.addTo(named);
    OutSpellings.addTo(named);
    ForgeSpellings.addTo(named);
    AccessSpellings.addTo(named);
    SecretSpellings.addTo(named);
    MachineSpellings.addTo(named);
    DevicePredicates.addTo(named);
    GpuPredicates.addTo(named);
    HardwarePredicates.addTo(named);
    PlantPredicates.addTo(named);
    LabPredicates.addTo(named);
    SystemUnitsStopped.addTo(named);
    TransferDeletes.addTo(named);
    MaintainerPredicates.addTo(named);
    LogisticsPredicates.addTo(named);
    WeakenPredicates.addTo(named);
    SafeguardPredicates.addTo(named);
    OrgDirectories.addTo(named);
    OrgMail.addTo(named);
    CommandLineMail.addTo(named);
    FirewallOpenings.addTo(named);
    DirectoryApis.addTo(named);
    SaasPredicates.addTo(named);
    SaasApis.addTo(named);
    CustomerPredicates.addTo(named);
    DeferredPredicates.addTo(named);
    PlatformPredicates.addTo(named);
    AudiencePredicates.addTo(named);
    SearchIndexes.addTo(named);
    TamperPredicates.addTo(named);
    ReleasePredicates.addTo(named);
    LiveOps.addTo(named);
    Depots.addTo(named);
    ChainPredicates.addTo(named);
    ProjectCommands.addTo(named);
    ProductionConsoles.addTo(named);
    PlatformScaling.addTo(named);
    LifecycleRulesSet.addTo(named);
    ClinicalPredicates.addTo(named);
    RegulatedData.addTo(named);
    MoneyPredicates.addTo(named);
    LandPredicates.addTo(named);
    ApplePredicates.addTo(named);
    WindowsPredicates.addTo(named);
    ToolingPredicates.addTo(named);
    OperationsPredicates.addTo(named);
    CopiesPredicates.addTo(named);
    DatabasePredicates.addTo(named);
    NetworkDevices.addTo(named);
    SharedActs.addTo(named);
    // a tool no family names: tried on no program a family names (UnnamedToolActs.unnamed)
    named.put(
        "shape-unnamed-tool-acts",
        new ProgramNames(
            UnnamedToolActs::unnamedName, (scan, step, read) -> UnnamedToolActs.acts(scan, step)));
    named.put(
        "shape-company-tool-command",
        new ProgramNames(
            UnnamedToolActs::unnamedName,
            (scan, step, read) -> UnnamedToolActs.commandGuessed(scan, step)));
    named.put("container-task-acts", (scan, step, read) -> ContainerTasks.acts(scan, step));
    named.put("run-told-live", (scan, step, read) -> RunToldLive.told(scan, step)); // d. 308
    named.put( // decision 310
        "live-setting-off", (scan, step, read) -> LiveSettingsOff.turnedOff(scan, step));
    named.put("model-given-records", (scan, step, read) -> RecordsHandedOn.toModel(scan, step));
    named.put("tracker-given-records", (scan, step, read) -> RecordsHandedOn.toTracker(scan, step));
    named.put(
        "company-tool-reveals-secret", // decision 307
        new ProgramNames(
            UnnamedToolActs::unnamedName,
            (scan, step, read) -> CompanySecretReveals.reveals(scan, step)));
    named.put("current-cluster-emptied", (scan, step, read) -> CurrentClusterEmptied.emptied(step));
    named.put(
        "opens-control-plane",
        (scan, step, read) -> OpenControlPlanes.opens(step.program(), step.args()));
    BootPredicates.addTo(named);
    ShapeObjectPredicates.addTo(named);
    for (String name : named.keySet()) {
      if (onCall.containsKey(name) || onPaths.containsKey(name)) {
        throw new IllegalStateException("two predicates are named " + name);
      }
    }
    BY_NAME = Collections.unmodifiableMap(named);
    Set<String> names = new java.util.LinkedHashSet<>(named.keySet());
    names.addAll(onCall.keySet());
    names.addAll(onPaths.keySet());
    NAMES = Collections.unmodifiableSet(names);
  }

  private Where() {}

  /**
   * {@return every predicate's name, of a program's and of a call's} One set, made once: the
   * catalogue asks it of each of the book's two thousand clauses.
   */
  static Set<String> names() {
    return NAMES;
  }

  /**
   * Whether a name is a predicate that finds paths.
   *
   * @param name the name
   * @return whether it is
   */
  static boolean findsPaths(String name) {
    return ON_PATHS.containsKey(name);
  }

  /**
   * The path predicate of a name.
   *
   * @param name its name
   * @return the predicate
   * @throws IllegalStateException when none is so named
   */
  static Paths ofPaths(String name) {
    Paths predicate = ON_PATHS.get(name);
    if (predicate == null) {
      throw new IllegalStateException("no path predicate is named " + name);
    }
    return predicate;
  }

  /**
   * Whether a name is a predicate of the whole call's, not of a program's.
   *
   * @param name the name
   * @return whether it is
   */
  static boolean onCall(String name) {
    return ON_CALL.containsKey(name);
  }

  /**
   * The call predicate of a name.
   *
   * @param name its name
   * @return the predicate
   * @throws IllegalStateException when none is so named
   */
  static CallPredicate ofCall(String name) {
    CallPredicate predicate = ON_CALL.get(name);
    if (predicate == null) {
      throw new IllegalStateException("no call predicate is named " + name);
    }
    return predicate;
  }

  /**
   * The predicate of a name.
   *
   * @param name its name
   * @return the predicate
   * @throws IllegalStateException when none is so named
   */
  static Predicate named(String name) {
    Predicate predicate = BY_NAME.get(name);
    if (predicate == null) {
      throw new IllegalStateException("no predicate is named " + name);
    }
    return predicate;
  }

  /**
   * A map of predicates by name that refuses a name given twice: two families' predicates under one
   * name would leave one rule asking the other's question, with nothing to show it.
   */
  private static final class NamedOnce<V> extends LinkedHashMap<String, V> {
    @Override
    public V put(String name, V value) {
      if (containsKey(name)) {
        throw new IllegalStateException("two predicates are named " + name);
      }
      return super.put(name, value);
    }
  }
}
