"""racecar as a Bazel aspect: one cached, remotable action per C/C++ source.

    bazel build //... \
        --aspects=@racecar//integrations/bazel:racecar.bzl%racecar_aspect \
        --output_groups=racecar

For every C/C++ source of a cc_library / cc_binary / cc_test (and, through
`deps`, of every target it depends on), one `racecar summarize` action parses
the file with exactly that target's compile flags (the C++ toolchain's own
flags, --copt/--cxxopt/--conlyopt, the target's copts, its defines and
include paths and those of its deps, from CcInfo) and writes a .rcs file. Its
inputs are the source, the headers the target can see, the toolchain's files
and the racecar binary, so Bazel re-runs it only when one of them changes,
and can fetch it from a disk or remote cache or run it on a remote executor.
Per target, one `racecar merge` action links and reduces the .rcs files of
the target and its deps into `<name>.racecar.sarif` and `<name>.racecar.txt`
(output group `racecar`).

Hermetic: actions run in the execroot with relative paths, and racecar
records files relative to it (--relative-paths), so the .rcs and SARIF bytes
are the same on every machine and equal to `racecar scan --relative-paths`
run in the execroot over the same compile commands. Nothing depends on time.

The racecar binary comes from the `@racecar_tool` repository
(repositories.bzl); the merge reads a .racecar.yaml given with
--@racecar//integrations/bazel:config=//:.racecar.yaml.
"""

load(
    "@bazel_tools//tools/build_defs/cc:action_names.bzl",
    "CPP_COMPILE_ACTION_NAME",
    "C_COMPILE_ACTION_NAME",
)
load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")

RacecarInfo = provider(
    doc = "What racecar's merge needs from a target and its deps.",
    fields = {
        "summaries": "depset of .rcs files, one per C/C++ source",
        "sources": "depset of the sources and headers they read (the merge " +
                   "reads suppression comments and source lines from them)",
        "has_summaries": "whether summaries is not empty (without " +
                         "flattening it)",
    },
)

_C_EXTENSIONS = ["c"]
_CXX_EXTENSIONS = ["cc", "cpp", "cxx", "c++", "C"]
_HEADER_EXTENSIONS = ["h", "hh", "hpp", "hxx", "h++", "H", "inc", "inl", "ipp", "tcc"]
_RULE_KINDS = ["cc_library", "cc_binary", "cc_test"]

def _rule_list(ctx, name):
    return getattr(ctx.rule.attr, name, None) or []

def _copts(ctx):
    """The target's copts as Bazel passes them: make variables expanded,
    each entry split like a shell word list."""
    out = []
    for copt in _rule_list(ctx, "copts"):
        copt = ctx.expand_make_variables("copts", copt, {})
        out.extend(ctx.tokenize(copt))
    return out

def _compile_command(ctx, cc_toolchain, feature_configuration, compilation_context, is_c):
    """(compiler, flags) for one source of this target, as the toolchain
    would compile it, without the source, the output and dependency files."""
    cpp = ctx.fragments.cpp
    user_flags = cpp.copts + (cpp.conlyopts if is_c else cpp.cxxopts) + _copts(ctx)
    local_defines = [
        ctx.expand_make_variables("local_defines", d, {})
        for d in _rule_list(ctx, "local_defines")
    ]
    variables = cc_common.create_compile_variables(
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        user_compile_flags = user_flags,
        include_directories = compilation_context.includes,
        quote_include_directories = compilation_context.quote_includes,
        system_include_directories = compilation_context.system_includes,
        framework_include_directories = compilation_context.framework_includes,
        preprocessor_defines = depset(
            direct = local_defines,
            transitive = [compilation_context.defines],
        ),
        # As Bazel compiles objects for a shared library (-fPIC on Linux).
        use_pic = cc_toolchain.needs_pic_for_dynamic_libraries(
            feature_configuration = feature_configuration,
        ),
    )
    action = C_COMPILE_ACTION_NAME if is_c else CPP_COMPILE_ACTION_NAME
    compiler = cc_common.get_tool_for_action(
        feature_configuration = feature_configuration,
        action_name = action,
    )
    flags = cc_common.get_memory_inefficient_command_line(
        feature_configuration = feature_configuration,
        action_name = action,
        variables = variables,
    )
    return compiler, flags

def _summarize(ctx, src, compiler, flags, inputs):
    out = ctx.actions.declare_file(
        "_racecar/%s/%s.rcs" % (ctx.label.name, src.path),
    )
    tool = ctx.actions.args()
    tool.add("summarize")

    # Long command lines go through a param file (racecar expands @file).
    args = ctx.actions.args()
    args.use_param_file("@%s", use_always = False)
    args.set_param_file_format("shell")
    args.add("--relative-paths")
    args.add("--exit-zero")
    args.add("--compiler=" + compiler)
    args.add("-o", out)
    args.add(src)
    args.add("--")
    args.add_all(flags)
    ctx.actions.run(
        executable = ctx.executable._racecar,
        arguments = [tool, args],
        inputs = depset([src], transitive = [inputs]),
        outputs = [out],
        mnemonic = "RacecarSummarize",
        progress_message = "racecar: summarizing %s" % src.short_path,
    )
    return out

def _merge(ctx, summaries, sources):
    sarif = ctx.actions.declare_file(ctx.label.name + ".racecar.sarif")
    text = ctx.actions.declare_file(ctx.label.name + ".racecar.txt")
    tool = ctx.actions.args()
    tool.add("merge")
    args = ctx.actions.args()
    args.use_param_file("@%s", use_always = False)
    args.set_param_file_format("shell")
    args.add("--exit-zero")
    args.add("--format=sarif")
    args.add("-o", sarif)
    args.add("--text-report", text)
    config = ctx.files._config
    if config:
        args.add("--config", config[0])
    args.add_all(summaries)
    ctx.actions.run(
        executable = ctx.executable._racecar,
        arguments = [tool, args],
        inputs = depset(config, transitive = [summaries, sources]),
        outputs = [sarif, text],
        mnemonic = "RacecarMerge",
        progress_message = "racecar: merging %s" % ctx.label,
    )
    return [sarif, text]

def _racecar_aspect_impl(target, ctx):
    # Other rules' `deps` may hold non-targets (strings) or targets without
    # C/C++ below them.
    deps = [
        d[RacecarInfo]
        for d in _rule_list(ctx, "deps")
        if type(d) == "Target" and RacecarInfo in d
    ]
    summaries = []
    sources = []
    headers = []
    if ctx.rule.kind in _RULE_KINDS and CcInfo in target:
        compilation_context = target[CcInfo].compilation_context
        headers = [compilation_context.headers]
        cc_toolchain = find_cpp_toolchain(ctx)
        feature_configuration = cc_common.configure_features(
            ctx = ctx,
            cc_toolchain = cc_toolchain,
            requested_features = ctx.features,
            unsupported_features = ctx.disabled_features,
        )
        inputs = depset(transitive = [
            compilation_context.headers,
            cc_toolchain.all_files,
        ])

        # Private headers listed in srcs are inputs of every source too;
        # assembly and prebuilt libraries in srcs are not racecar's.
        private_headers = []
        to_summarize = []
        for src in ctx.rule.files.srcs if hasattr(ctx.rule.files, "srcs") else []:
            if src.extension in _C_EXTENSIONS or src.extension in _CXX_EXTENSIONS:
                to_summarize.append(src)
            elif src.extension in _HEADER_EXTENSIONS:
                private_headers.append(src)
        inputs = depset(private_headers, transitive = [inputs])
        sources = to_summarize + private_headers
        commands = {}
        for src in to_summarize:
            is_c = src.extension in _C_EXTENSIONS
            if is_c not in commands:
                commands[is_c] = _compile_command(
                    ctx,
                    cc_toolchain,
                    feature_configuration,
                    compilation_context,
                    is_c,
                )
            compiler, flags = commands[is_c]
            summaries.append(_summarize(ctx, src, compiler, flags, inputs))

    all_summaries = depset(summaries, transitive = [d.summaries for d in deps])
    all_sources = depset(sources, transitive = headers + [d.sources for d in deps])
    has_summaries = bool(summaries) or any([d.has_summaries for d in deps])

    # A target with no C/C++ source anywhere below it has nothing to merge.
    outputs = _merge(ctx, all_summaries, all_sources) if has_summaries else []
    return [
        RacecarInfo(
            summaries = all_summaries,
            sources = all_sources,
            has_summaries = has_summaries,
        ),
        OutputGroupInfo(
            racecar = depset(outputs),
            racecar_summaries = all_summaries,
        ),
    ]

racecar_aspect = aspect(
    implementation = _racecar_aspect_impl,
    attr_aspects = ["deps"],
    attrs = {
        "_racecar": attr.label(
            default = Label("@racecar_tool//:racecar"),
            executable = True,
            cfg = "exec",
            allow_single_file = True,
        ),
        "_config": attr.label(
            default = Label("//integrations/bazel:config"),
            allow_files = True,
        ),
        "_cc_toolchain": attr.label(
            default = Label("@bazel_tools//tools/cpp:current_cc_toolchain"),
        ),
    },
    fragments = ["cpp"],
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
)
