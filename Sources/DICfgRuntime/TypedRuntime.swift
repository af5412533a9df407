// The typed runtime is part of the runtime: an app that imports DICfgRuntime names its errors
// (`EnvironmentBuildError`, `UnknownEnvironmentError`) as one that imports DICfgTypedRuntime alone does.
@_exported import DICfgTypedRuntime
